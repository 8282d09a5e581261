/**
 * Words for what happened and what is awaited: public announcements and panel texts. Nothing
 * here may name a tile that is still in a hand; events only name tiles already face up.
 */
import { escapeMarkdown } from 'discord.js';
import { computerLevel } from '../ai/index.js';
import { whatIsAwaited } from '../engine/index.js';
import type { Action, Decision, GameEvent, GameState, GameView, Holdings } from '../engine/index.js';

/**
 * Dollars with thousands separators, as `toLocaleString('en-US')` writes them, grouped here by
 * hand: a move's panels and table messages write dozens of amounts, and ICU's formatting was 0.6 %
 * of the event loop at the load bench's ceiling (86 ns an amount against 228 in a loop).
 */
export function money(amount: number): string {
  if (!Number.isSafeInteger(amount)) return `$${amount.toLocaleString('en-US')}`;
  const digits = String(Math.abs(amount));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let index = grouped.length; index < digits.length; index += 3) grouped += `,${digits.slice(index, index + 3)}`;
  return `$${amount < 0 ? '-' : ''}${grouped}`;
}

/** `text` cut to at most `limit` UTF-16 units (Discord's measure), never inside a character. */
export function cutText(text: string, limit: number): string {
  if (text.length <= limit) return text;
  let cut = '';
  for (const character of text) {
    if (cut.length + character.length > limit - 1) break;
    cut += character;
  }
  return `${cut}…`;
}

/** A Discord user's mention, or a computer player's name (it has no Discord account to ping). */
export function mention(userId: string): string {
  const level = computerLevel(userId);
  return level ? `**${computerName(userId)}**` : `<@${userId}>`;
}

/** Whether an id is a person's (a Discord user id) rather than a computer player's. */
export function isPerson(userId: string): boolean {
  return computerLevel(userId) === null;
}

/** A computer seat's name, e.g. "🤖 Hard bot" (numbered when there are several of a level). */
export function computerName(userId: string): string {
  const [, level = '', number = '1'] = userId.split(':');
  return `🤖 ${level.charAt(0).toUpperCase()}${level.slice(1)} bot${number === '1' ? '' : ` ${number}`}`;
}

/** Bidirectional controls: a right-to-left override in a name would flip the rest of the line. */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * A player's name as it may stand in a message: markdown is shown, not applied (a masked link
 * `[text](url)` stays text), and direction overrides are dropped so the line reads as written.
 */
export function escapedName(name: string): string {
  return escapeMarkdown(name.replace(BIDI_CONTROLS, '')).replace(/[[\]()]/g, (bracket) => `\\${bracket}`);
}

function seatName(state: Pick<GameState, 'players'> | GameView, seat: number): string {
  return escapedName(state.players[seat]?.name ?? `seat ${seat + 1}`);
}

/** One line per event worth announcing, in the order they happened. */
export function describeEvents(events: readonly GameEvent[], view: GameView): string[] {
  const lines: string[] = [];
  const name = (seat: number): string => seatName(view, seat);
  const hidden = view.options.holdings === 'hidden' && !view.result;
  for (const event of events) {
    switch (event.type) {
      case 'tilePlaced':
        lines.push(`**${name(event.seat)}** placed **${event.tile}**.`);
        break;
      case 'placementSkipped':
        lines.push(`**${name(event.seat)}** has no tile that can be played and skips the placement.`);
        break;
      case 'handRedrawn':
        lines.push(`**${name(event.seat)}** could play none of ${event.revealed.join(', ')} and drew a new hand.`);
        break;
      case 'deadTilesReplaced':
        lines.push(`**${name(event.seat)}** set aside ${event.revealed.join(', ')} (can never be played) and drew replacements.`);
        break;
      case 'chainFounded': {
        const reward = event.founderReward === 'share' ? ' and takes a free founder’s share' : event.founderReward === 'cash' ? ` and takes ${money(event.cash)} (no share left)` : ' (no founder’s share left)';
        lines.push(`**${name(event.seat)}** founded **${event.chain}** (${event.size} tiles)${reward}.`);
        break;
      }
      case 'chainGrew':
        lines.push(`**${event.chain}** grew to ${event.size} tiles.`);
        break;
      case 'mergerStarted':
        lines.push(`**Merger!** ${event.tile} joins ${event.chains.join(', ')}.`);
        break;
      case 'survivorChosen':
        lines.push(`**${event.chain}** survives; ${event.defunct.join(' and ')} ${event.defunct.length === 1 ? 'is' : 'are'} acquired.`);
        break;
      case 'bankStockholder':
        lines.push(`The bank holds ${event.shares} ${event.chain} shares for the bonuses.`);
        break;
      case 'bonusesPaid': {
        if (hidden) {
          // Who was paid how much would tell who holds the chain.
          lines.push(`Bonuses for ${event.chain} (${event.sizeBefore} tiles) were paid to its largest holders.`);
          break;
        }
        if (event.payouts.length === 0) {
          lines.push(`No one holds ${event.chain}: no bonus paid.`);
          break;
        }
        const paid = event.payouts.map((payout) => `${payout.holder === 'bank' ? 'the bank' : name(payout.holder)} ${money(payout.amount)}`);
        lines.push(`${event.final ? 'Final bonuses' : 'Bonuses'} for ${event.chain} (${event.sizeBefore} tiles): ${paid.join(', ')}.`);
        break;
      }
      case 'sharesDisposed': {
        // Hidden holdings: who decided, and what, would tell who held the chain; said at the end only.
        if (hidden) break;
        const parts = [
          event.sold > 0 ? `sold ${event.sold} for ${money(event.cashReceived)}` : '',
          event.traded > 0 ? `traded ${event.traded} for ${event.traded / 2} ${event.survivor}` : '',
          event.kept > 0 ? `kept ${event.kept}` : '',
        ].filter(Boolean);
        lines.push(`**${name(event.seat)}** ${parts.join(', ')} ${event.chain}.`);
        break;
      }
      case 'chainDefunct':
        lines.push(`${event.chain} is now part of ${event.survivor}.`);
        break;
      case 'mergerCompleted':
        lines.push(`**${event.survivor}** now has ${event.size} tiles.`);
        break;
      case 'sharesBought':
        // Hidden holdings: neither how many nor which (the counts would rebuild their holdings).
        lines.push(hidden ? `**${name(event.seat)}** bought shares.` : `**${name(event.seat)}** bought ${countNames(event.chains)} for ${money(event.cost)}.`);
        break;
      case 'endDeclared':
        lines.push(`**${name(event.seat)}** declared the end of the game: this is the last turn.`);
        break;
      case 'tradeOffered':
        // The terms are public in open games; with hidden holdings they are the two traders' business.
        lines.push(hidden ? `**${name(event.from)}** offered a trade to **${name(event.to)}**.` : `**${name(event.from)}** offered **${name(event.to)}** ${holdingsText(event.give)} for ${holdingsText(event.receive)}.`);
        break;
      case 'tradeAnswered':
        lines.push(`**${name(event.to)}** ${event.accepted ? 'accepted' : 'declined'} the trade offered by ${name(event.from)}.`);
        break;
      case 'tradeWithdrawn':
        lines.push(`**${name(event.from)}** withdrew the trade offer.`);
        break;
      case 'gameEnded':
        // The post itself opens with "Game over."; this says only why.
        lines.push(event.result.reason === 'declared' ? 'The end was declared and the last turn is played.' : 'No one can play a tile any more.');
        break;
      default:
        break;
    }
  }
  return lines;
}

/** A side of a trade in words: "2 Tower and $500", or "nothing". */
export function holdingsText(holdings: Holdings): string {
  const parts = Object.entries(holdings.shares)
    .filter(([, count]) => count > 0)
    .map(([name, count]) => `${count} ${name}`);
  if (holdings.cash > 0) parts.push(money(holdings.cash));
  return parts.join(' and ') || 'nothing';
}

/** ['Tower', 'Tower', 'Luxor'] → "2 Tower and 1 Luxor" */
export function countNames(names: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  const parts = [...counts].map(([name, count]) => `${count} ${name}`);
  return parts.length <= 1 ? (parts[0] ?? 'nothing') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** The public line that tells the table whose decision it is and what it is. */
export function promptLine(decision: Decision, view: GameView): string {
  if (decision.kind === 'gameOver') return '';
  const who = mention(view.players[decision.seat]!.id);
  switch (decision.kind) {
    case 'placeTile':
      return decision.mustSkip && decision.mayRedraw
        ? `${who}, none of your tiles can be played: redraw your hand or skip.`
        : `${who}, your turn: place a tile.`;
    case 'foundChain':
      return `${who}, name the chain you founded at ${decision.tile}.`;
    case 'chooseSurvivor':
      return `${who}, ${decision.candidates.join(' and ')} are the same size: choose the survivor.`;
    case 'chooseNextDefunct':
      return `${who}, ${decision.candidates.join(' and ')} are the same size: choose which is wound up first.`;
    case 'disposeShares':
      // Hidden holdings: naming (or pinging) the holder would tell who holds the chain.
      return view.options.holdings === 'hidden' && !view.result
        ? `The holders of ${decision.defunct} decide, one after another and privately, what to do with their shares: press **Sell / trade / keep** if you hold some.`
        : `${who}, your decision: sell, trade or keep your ${decision.defunct} shares.`;
    case 'buyShares':
      return decision.endDeclared ? `${who}, buy up to 3 shares to finish the last turn.` : `${who}, buy up to 3 shares (or none).`;
    case 'answerTrade': {
      const from = escapedName(view.players[decision.from]!.name);
      const offer = view.phase.kind === 'tradeOffer' && view.options.holdings === 'open' ? view.phase.offer : null;
      return offer ? `${who}, ${from} offers you ${holdingsText(offer.give)} for ${holdingsText(offer.receive)}.` : `${who}, ${from} offers you a trade.`;
    }
  }
}

/** A fixed-width table of the chains for an embed field. */
export function chainTable(view: GameView): string {
  const rows = view.chains.map((chain) => {
    const size = chain.active ? String(chain.size) : '–';
    const price = chain.active ? money(chain.price) : '–';
    const safe = chain.safe ? ' safe' : '';
    return `${chain.name.padEnd(11)} ${size.padStart(3)} ${price.padStart(7)} ${(chain.bankShares === null ? '–' : String(chain.bankShares)).padStart(3)}${safe}`;
  });
  return ['```', `${'Chain'.padEnd(11)} ${'Sz'.padStart(3)} ${'Price'.padStart(7)} ${'Bk'.padStart(3)}`, ...rows, '```'].join('\n');
}

/** Each player's cash and shares, as far as this view may show them. */
export function playerLines(view: GameView): string[] {
  return view.players.map((player) => {
    const marker = player.seat === view.currentPlayer && !view.result ? '▶ ' : '';
    if (player.cash === null || player.shares === null) return `${marker}**${escapedName(player.name)}**: holdings hidden`;
    // At the end, shares of a chain no longer on the board are worth nothing: say so.
    const held = player.shares
      .map((count, chain) => (count > 0 ? `${view.chains[chain]!.name} ${count}${view.result && !view.chains[chain]!.active ? ' (worth nothing: off the board)' : ''}` : ''))
      .filter(Boolean)
      .join(', ');
    return `${marker}**${escapedName(player.name)}**: ${money(player.cash)}${held ? ` · ${held}` : ''}`;
  });
}

/** "waiting for Ann to buy shares.": the engine's words (its hidden-holdings rule included), the name escaped for markdown. */
export function waitingLine(state: GameState): string {
  return whatIsAwaited(state, (name) => `**${escapedName(name)}**`);
}

export function standingsLines(view: Pick<GameView, 'result'>): string[] {
  const medals = ['🥇', '🥈', '🥉'];
  return (view.result?.standings ?? []).map((standing) => `${medals[standing.place - 1] ?? `${standing.place}.`} **${escapedName(standing.name)}** ${money(standing.cash)}`);
}

/** What a default move did, in a few words ("placed 5D", "kept their shares"). */
export function describeMove(action: Action, state: GameState): string {
  switch (action.type) {
    case 'placeTile':
      return `placed ${action.tile}`;
    case 'skipPlacement':
      return 'skipped the placement';
    case 'redrawHand':
      return 'redrew a hand with no playable tile';
    case 'foundChain':
      return `founded ${action.chain}`;
    case 'chooseSurvivor':
      return `${action.chain} survives`;
    case 'chooseNextDefunct':
      return `${action.chain} is wound up first`;
    case 'disposeShares': {
      const current = state.phase.kind === 'merger' ? state.phase.merger.current : null;
      const shares = `${current ? `${state.chains[current.chain]!.name} ` : ''}shares`;
      return action.sell + action.trade === 0 ? `kept their ${shares}` : `sold ${action.sell} and traded ${action.trade} of their ${shares}`;
    }
    case 'buyShares':
      return action.chains.length === 0 ? 'bought nothing' : `bought ${countNames(action.chains)}`;
    case 'answerTrade':
      return action.accept ? 'accepted the trade' : 'declined the trade';
    default:
      return action.type;
  }
}
