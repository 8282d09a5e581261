/**
 * Words for what happened and what is awaited: public announcements and panel texts. Nothing
 * here may name a tile that is still in a hand; events only name tiles already face up.
 */
import { bold, escapeMarkdown, userMention } from 'discord.js';
import { computerLevel } from '../ai/index.js';
import { decidingSeat } from '../engine/index.js';
import { formatList, formatMoney, type Locale, say, type Text, t } from '../i18n/index.js';
import type { Action, Decision, GameEvent, GameState, GameView, Holdings } from '../engine/index.js';

/** Dollars as `locale` writes them ("$12,000", "12.000 $"): see `formatMoney`. */
export function money(amount: number, locale: Locale): string {
  return formatMoney(amount, locale);
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
export function mention(userId: string, locale: Locale): string {
  const level = computerLevel(userId);
  return level ? bold(computerName(userId, locale)) : userMention(userId);
}

/** Whether an id is a person's (a Discord user id) rather than a computer player's. */
export function isPerson(userId: string): boolean {
  return computerLevel(userId) === null;
}

/** A computer seat's name, e.g. "🤖 Hard bot" (numbered when there are several of a level). */
export function computerName(userId: string, locale: Locale): string {
  const level = computerLevel(userId) ?? 'easy';
  const [, , number = '1'] = userId.split(':');
  const name = t(locale, `computer.${level}`);
  return number === '1' ? name : t(locale, 'computer.numbered', { name, number });
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

function seatName(state: Pick<GameState, 'players'> | GameView, seat: number, locale: Locale): string {
  const name = state.players[seat]?.name;
  return name === undefined ? t(locale, 'players.seat', { number: seat + 1 }) : escapedName(name);
}

/** One line per event worth announcing, in the order they happened, in `locale`. */
export function describeEvents(events: readonly GameEvent[], view: GameView, locale: Locale): string[] {
  const lines: string[] = [];
  const name = (seat: number): string => seatName(view, seat, locale);
  const line = (key: Text['key'], params?: Record<string, string | number>): number => lines.push(t(locale, key, params));
  const cash = (amount: number): string => money(amount, locale);
  const hidden = view.options.holdings === 'hidden' && !view.result;
  for (const event of events) {
    switch (event.type) {
      case 'tilePlaced':
        line('events.tilePlaced', { name: name(event.seat), tile: event.tile });
        break;
      case 'placementSkipped':
        line('events.placementSkipped', { name: name(event.seat) });
        break;
      case 'handRedrawn':
        line('events.handRedrawn', {
          name: name(event.seat),
          tiles: event.revealed.join(', '),
        });
        break;
      case 'deadTilesReplaced':
        line('events.deadTilesReplaced', {
          name: name(event.seat),
          tiles: event.revealed.join(', '),
        });
        break;
      case 'chainFounded': {
        const key =
          event.founderReward === 'share'
            ? 'events.chainFoundedShare'
            : event.founderReward === 'cash'
              ? 'events.chainFoundedCash'
              : 'events.chainFoundedNoShare';
        line(key, {
          name: name(event.seat),
          chain: event.chain,
          count: event.size,
          cash: cash(event.cash),
        });
        break;
      }
      case 'chainGrew':
        line('events.chainGrew', { chain: event.chain, count: event.size });
        break;
      case 'mergerStarted':
        line('events.mergerStarted', {
          tile: event.tile,
          chains: event.chains.join(', '),
        });
        break;
      case 'survivorChosen':
        line('events.survivorChosen', {
          chain: event.chain,
          defunct: formatList(event.defunct, locale),
          count: event.defunct.length,
        });
        break;
      case 'bankStockholder':
        line('events.bankStockholder', {
          count: event.shares,
          chain: event.chain,
        });
        break;
      case 'bonusesPaid': {
        if (hidden) {
          // Who was paid how much would tell who holds the chain.
          line('events.bonusesPaidHidden', {
            chain: event.chain,
            count: event.sizeBefore,
          });
          break;
        }
        if (event.payouts.length === 0) {
          line('events.noHolder', { chain: event.chain });
          break;
        }
        const paid = event.payouts.map((payout) =>
          payout.holder === 'bank'
            ? t(locale, 'events.payoutBank', { amount: cash(payout.amount) })
            : t(locale, 'events.payout', {
                name: name(payout.holder),
                amount: cash(payout.amount),
              }),
        );
        line(event.final ? 'events.finalBonusesPaid' : 'events.bonusesPaid', {
          chain: event.chain,
          count: event.sizeBefore,
          paid: paid.join(', '),
        });
        break;
      }
      case 'sharesDisposed': {
        // Hidden holdings: who decided, and what, would tell who held the chain; said at the end only.
        if (hidden) break;
        const parts = [
          event.sold > 0
            ? t(locale, 'events.disposedSold', {
                count: event.sold,
                amount: cash(event.cashReceived),
              })
            : '',
          event.traded > 0
            ? t(locale, 'events.disposedTraded', {
                count: event.traded,
                received: event.traded / 2,
                survivor: event.survivor,
              })
            : '',
          event.kept > 0 ? t(locale, 'events.disposedKept', { count: event.kept }) : '',
        ].filter(Boolean);
        line('events.sharesDisposed', {
          name: name(event.seat),
          chain: event.chain,
          what: parts.join(', '),
        });
        break;
      }
      case 'chainDefunct':
        line('events.chainDefunct', {
          chain: event.chain,
          survivor: event.survivor,
        });
        break;
      case 'mergerCompleted':
        line('events.mergerCompleted', {
          survivor: event.survivor,
          count: event.size,
        });
        break;
      case 'sharesBought':
        // Hidden holdings: neither how many nor which (the counts would rebuild their holdings).
        if (hidden) line('events.sharesBoughtHidden', { name: name(event.seat) });
        else
          line('events.sharesBought', {
            name: name(event.seat),
            shares: countNames(event.chains, locale),
            cost: cash(event.cost),
          });
        break;
      case 'endDeclared':
        line('events.endDeclared', { name: name(event.seat) });
        break;
      case 'tradeOffered':
        // The terms are public in open games; with hidden holdings they are the two traders' business.
        if (hidden)
          line('events.tradeOfferedHidden', {
            from: name(event.from),
            to: name(event.to),
          });
        else
          line('events.tradeOffered', {
            from: name(event.from),
            to: name(event.to),
            give: holdingsText(event.give, locale),
            receive: holdingsText(event.receive, locale),
          });
        break;
      case 'tradeAnswered':
        line(event.accepted ? 'events.tradeAccepted' : 'events.tradeDeclined', {
          to: name(event.to),
          from: name(event.from),
        });
        break;
      case 'tradeWithdrawn':
        line('events.tradeWithdrawn', { from: name(event.from) });
        break;
      case 'gameEnded':
        // The post itself opens with "Game over."; this says only why.
        line(event.result.reason === 'declared' ? 'events.endedDeclared' : 'events.endedBlocked');
        break;
      default:
        break;
    }
  }
  return lines;
}

/** A side of a trade in words: "2 Tower and $500", or "nothing". */
export function holdingsText(holdings: Holdings, locale: Locale): string {
  const parts = Object.entries(holdings.shares)
    .filter(([, count]) => count > 0)
    .map(([chain, count]) => t(locale, 'shares.count', { count, chain }));
  if (holdings.cash > 0) parts.push(money(holdings.cash, locale));
  return parts.length > 0 ? formatList(parts, locale) : t(locale, 'shares.nothing');
}

/** ['Tower', 'Tower', 'Luxor'] → "2 Tower and 1 Luxor" */
export function countNames(names: readonly string[], locale: Locale): string {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  const parts = [...counts].map(([chain, count]) => t(locale, 'shares.count', { count, chain }));
  return parts.length > 0 ? formatList(parts, locale) : t(locale, 'shares.nothing');
}

/** The public line that tells the table whose decision it is and what it is. */
export function promptLine(decision: Decision, view: GameView, locale: Locale): string {
  if (decision.kind === 'gameOver') return '';
  const who = mention(view.players[decision.seat]!.id, locale);
  switch (decision.kind) {
    case 'placeTile':
      return t(locale, decision.mustSkip && decision.mayRedraw ? 'prompt.placeTileStuck' : 'prompt.placeTile', { who });
    case 'foundChain':
      return t(locale, 'prompt.foundChain', { who, tile: decision.tile });
    case 'chooseSurvivor':
      return t(locale, 'prompt.chooseSurvivor', {
        who,
        chains: formatList(decision.candidates, locale),
      });
    case 'chooseNextDefunct':
      return t(locale, 'prompt.chooseNextDefunct', {
        who,
        chains: formatList(decision.candidates, locale),
      });
    case 'disposeShares':
      // Hidden holdings: naming (or pinging) the holder would tell who holds the chain.
      return view.options.holdings === 'hidden' && !view.result
        ? t(locale, 'prompt.disposeSharesSecret', { chain: decision.defunct })
        : t(locale, 'prompt.disposeShares', { who, chain: decision.defunct });
    case 'buyShares':
      return t(locale, decision.endDeclared ? 'prompt.buySharesLast' : 'prompt.buyShares', { who });
    case 'answerTrade': {
      const from = escapedName(view.players[decision.from]!.name);
      const offer = view.phase.kind === 'tradeOffer' && view.options.holdings === 'open' ? view.phase.offer : null;
      return offer
        ? t(locale, 'prompt.answerTradeTerms', {
            who,
            from,
            give: holdingsText(offer.give, locale),
            receive: holdingsText(offer.receive, locale),
          })
        : t(locale, 'prompt.answerTrade', { who, from });
    }
  }
}

/** A fixed-width table of the chains for an embed field. */
export function chainTable(view: GameView, locale: Locale): string {
  const safeWord = ` ${t(locale, 'chainTable.safe')}`;
  const rows = view.chains.map((chain) => {
    const size = chain.active ? String(chain.size) : '–';
    const price = chain.active ? money(chain.price, locale) : '–';
    const safe = chain.safe ? safeWord : '';
    return `${chain.name.padEnd(11)} ${size.padStart(3)} ${price.padStart(7)} ${(chain.bankShares === null ? '–' : String(chain.bankShares)).padStart(3)}${safe}`;
  });
  const header = `${t(locale, 'chainTable.chain').padEnd(11)} ${t(locale, 'chainTable.size').padStart(3)} ${t(locale, 'chainTable.price').padStart(7)} ${t(locale, 'chainTable.bank').padStart(3)}`;
  return ['```', header, ...rows, '```'].join('\n');
}

/** Each player's cash and shares, as far as this view may show them. */
export function playerLines(view: GameView, locale: Locale): string[] {
  return view.players.map((player) => {
    const marker = player.seat === view.currentPlayer && !view.result ? '▶ ' : '';
    if (player.cash === null || player.shares === null)
      return t(locale, 'players.hidden', {
        marker,
        name: escapedName(player.name),
      });
    // At the end, shares of a chain no longer on the board are worth nothing: say so.
    const held = player.shares
      .map((count, chain) =>
        count > 0
          ? t(locale, view.result && !view.chains[chain]!.active ? 'players.heldWorthless' : 'players.held', { chain: view.chains[chain]!.name, count })
          : '',
      )
      .filter(Boolean)
      .join(', ');
    return `${marker}${bold(escapedName(player.name))}: ${money(player.cash, locale)}${held ? ` · ${held}` : ''}`;
  });
}

/**
 * What the game waits for, as a clause ("waiting for **Ann** to buy shares."), for refusals and
 * reminders: the engine's `whatIsAwaited` in the reader's words (its hidden-holdings rule kept:
 * a merger's holder is not named when holdings are hidden), the name escaped for markdown.
 */
export function awaitedText(state: GameState, shown: (name: string) => string = (name) => bold(escapedName(name))): Text {
  const seat = decidingSeat(state);
  const name = seat === null ? '' : shown(state.players[seat]?.name ?? '');
  switch (state.phase.kind) {
    case 'placeTile':
      return { key: 'awaited.placeTile', params: { name } };
    case 'foundChain':
      return { key: 'awaited.foundChain', params: { name } };
    case 'merger': {
      const merger = state.phase.merger;
      const chain = merger.current ? (state.chains[merger.current.chain]?.name ?? '') : '';
      if (merger.current && state.options.holdings === 'hidden') return { key: 'awaited.secretHolder', params: { chain } };
      if (merger.current) return { key: 'awaited.disposeShares', params: { name, chain } };
      return {
        key: merger.survivor === null ? 'awaited.chooseSurvivor' : 'awaited.chooseNextDefunct',
        params: { name },
      };
    }
    case 'buyShares':
      return { key: 'awaited.buyShares', params: { name } };
    case 'tradeOffer':
      return { key: 'awaited.answerTrade', params: { name } };
    case 'gameOver':
      return { key: 'awaited.gameOver' };
  }
}

/** "waiting for Ann to buy shares.", in `locale`. */
export function waitingLine(state: GameState, locale: Locale): string {
  return say(locale, awaitedText(state));
}

export function standingsLines(view: Pick<GameView, 'result'>, locale: Locale): string[] {
  const medals = ['🥇', '🥈', '🥉'];
  return (view.result?.standings ?? []).map(
    (standing) => `${medals[standing.place - 1] ?? `${standing.place}.`} ${bold(escapedName(standing.name))} ${money(standing.cash, locale)}`,
  );
}

/** What a default move did, in a few words ("placed 5D", "kept their shares"). */
export function describeMove(action: Action, state: GameState, locale: Locale): string {
  switch (action.type) {
    case 'placeTile':
      return t(locale, 'moves.placeTile', { tile: action.tile });
    case 'skipPlacement':
      return t(locale, 'moves.skipPlacement');
    case 'redrawHand':
      return t(locale, 'moves.redrawHand');
    case 'foundChain':
      return t(locale, 'moves.foundChain', { chain: action.chain });
    case 'chooseSurvivor':
      return t(locale, 'moves.chooseSurvivor', { chain: action.chain });
    case 'chooseNextDefunct':
      return t(locale, 'moves.chooseNextDefunct', { chain: action.chain });
    case 'disposeShares': {
      const current = state.phase.kind === 'merger' ? state.phase.merger.current : null;
      const chain = current ? state.chains[current.chain]!.name : null;
      const kept = action.sell + action.trade === 0;
      if (chain === null)
        return kept
          ? t(locale, 'moves.keptShares')
          : t(locale, 'moves.disposedShares', {
              sell: action.sell,
              trade: action.trade,
            });
      return kept
        ? t(locale, 'moves.keptChainShares', { chain })
        : t(locale, 'moves.disposedChainShares', {
            sell: action.sell,
            trade: action.trade,
            chain,
          });
    }
    case 'buyShares':
      return action.chains.length === 0
        ? t(locale, 'moves.boughtNothing')
        : t(locale, 'moves.bought', {
            shares: countNames(action.chains, locale),
          });
    case 'answerTrade':
      return t(locale, action.accept ? 'moves.acceptedTrade' : 'moves.declinedTrade');
    case 'declareEnd':
      return t(locale, 'moves.declaredEnd');
    case 'offerTrade':
      return t(locale, 'moves.offeredTrade');
    case 'withdrawTrade':
      return t(locale, 'moves.withdrewTrade');
  }
}
