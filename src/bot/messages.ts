/**
 * Message payloads: the public game message, the ephemeral decision panels and the lobby. Pure
 * functions of a game and a viewer; nothing here sends anything.
 */
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  type APIEmbed,
  type MessageActionRowComponentBuilder,
} from 'discord.js';
import {
  MAX_PLAYERS,
  MIN_PLAYERS,
  canBuyBasket,
  chainIndex,
  currentDecision,
  handEffects,
  sharePrice,
  viewFor,
  type Decision,
  type GameEvent,
  type GameState,
  type GameView,
} from '../engine/index.js';
import { renderBoard, renderNetWorthChart } from '../render/index.js';
import type { StoredGame } from '../store/index.js';
import { distinctComponentId, encodeComponentId, type ComponentKind } from './custom-id.js';
import { MISSES_BEFORE_AUTOPILOT } from './turn-clock.js';
import { chainTable, countNames, describeEvents, mention, money, playerLines, promptLine, standingsLines } from './text.js';

type Row = ActionRowBuilder<MessageActionRowComponentBuilder>;

export interface MessagePayload {
  content?: string;
  embeds: APIEmbed[];
  components: Row[];
  files?: AttachmentBuilder[];
  allowedMentions?: { users: string[] };
}

const NEUTRAL_COLOUR = 0x2b6cb0;

export function button(gameId: string, stateId: number, kind: ComponentKind, label: string, options: { arg?: string; style?: ButtonStyle; disabled?: boolean; emoji?: string } = {}): ButtonBuilder {
  const built = new ButtonBuilder()
    .setCustomId(encodeComponentId({ kind, gameId, stateId, arg: options.arg ?? '' }))
    .setLabel(label.slice(0, 80))
    .setStyle(options.style ?? ButtonStyle.Secondary)
    .setDisabled(options.disabled ?? false);
  if (options.emoji) built.setEmoji(options.emoji);
  return built;
}

/**
 * One message's buttons: each group starts a new row, five to a row as Discord allows. Two
 * buttons meaning the same thing (say "Keep all" and "Sell −1" from one share sold) get
 * distinct custom ids, which Discord requires.
 */
export function rows(...groups: (readonly ButtonBuilder[])[]): Row[] {
  const seen = new Map<string, number>();
  for (const built of groups.flat()) {
    const customId = (built.data as { custom_id?: string }).custom_id;
    if (!customId) continue;
    const duplicates = seen.get(customId) ?? 0;
    if (duplicates > 0) built.setCustomId(distinctComponentId(customId, duplicates));
    seen.set(customId, duplicates + 1);
  }
  const result: Row[] = [];
  for (const buttons of groups) {
    for (let start = 0; start < buttons.length; start += 5) result.push(new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(buttons.slice(start, start + 5)));
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// The lobby

export function lobbyMessage(game: StoredGame, turnLimitSeconds: number): MessagePayload {
  const options = game.options;
  const seats = game.seats.map((seat, index) => `${index + 1}. ${mention(seat.userId)}`).join('\n') || '(empty)';
  const setting = [
    `Bonuses: **${options.bonusMode ?? 'classic'}**`,
    `Chains: **${options.chainSet === 'set2008' ? '2008 set' : 'classic'}**`,
    `Holdings: **${options.holdings ?? 'open'}**`,
    `Founder's share when none is left: **${options.founderShare === 'cash' ? 'its price in cash' : 'nothing'}**`,
    `Unplayable tiles: **${options.unplayable === 'strict' ? 'strict' : 'replaced'}**`,
    `Trades between players: **${options.trades ? 'on' : 'off'}**`,
    `Turn time limit: **${turnLimitSeconds > 0 ? formatDuration(turnLimitSeconds) : 'none'}**`,
  ];
  if (options.twoPlayerBank === false) setting.push('Two players: **no bank stockholder**');
  const embed = new EmbedBuilder()
    .setTitle('Acquire: a new game is forming')
    .setColor(NEUTRAL_COLOUR)
    .setDescription(`${mention(game.createdBy)} opened a game for ${MIN_PLAYERS} to ${MAX_PLAYERS} players. Join, then the host presses Start.\n\n${setting.join('\n')}`)
    .addFields({ name: `Players (${game.seats.length}/${MAX_PLAYERS})`, value: seats });
  const full = game.seats.length >= MAX_PLAYERS;
  return {
    embeds: [embed.toJSON()],
    components: rows([
      button(game.id, 0, 'join', 'Join', { style: ButtonStyle.Primary, disabled: full }),
      button(game.id, 0, 'leave', 'Leave'),
      button(game.id, 0, 'start', 'Start', { style: ButtonStyle.Success, disabled: game.seats.length < MIN_PLAYERS }),
      button(game.id, 0, 'cancel', 'Cancel', { arg: 'ask', style: ButtonStyle.Danger }),
    ]),
    allowedMentions: { users: [] },
  };
}

export function formatDuration(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}

// ---------------------------------------------------------------------------------------------
// The public game message, posted after every move

const DECIDE_LABEL: Partial<Record<Decision['kind'], string>> = {
  foundChain: 'Name the chain',
  chooseSurvivor: 'Choose the survivor',
  chooseNextDefunct: 'Choose the order',
  disposeShares: 'Sell / trade / keep',
  buyShares: 'Buy shares',
  answerTrade: 'Answer the offer',
};

/**
 * The table's view after a move: what happened, the board, the chains, the players, and whose
 * decision it is with the buttons that open their private panel.
 */
export function gameMessage(game: StoredGame, state: GameState, events: readonly GameEvent[], extraLines: readonly string[] = []): MessagePayload {
  const view = viewFor(state, null);
  const decision = currentDecision(state);
  const happened = [...describeEvents(events, view), ...extraLines];
  const embed = new EmbedBuilder()
    .setTitle(state.result ? 'Acquire: final standings' : `Acquire: turn ${state.turn + 1}`)
    .setColor(NEUTRAL_COLOUR)
    .setImage('attachment://board.png')
    .addFields(
      { name: 'Chains (size, price, bank)', value: chainTable(view) },
      { name: 'Players', value: playerLines(view).join('\n').slice(0, 1024) },
    )
    .setFooter({ text: `Tiles left in the bag: ${view.bagSize}` });
  if (happened.length > 0) embed.setDescription(clip(happened.join('\n'), 4000));
  const files = [new AttachmentBuilder(renderBoard(view), { name: 'board.png' })];
  const embeds = [embed.toJSON()];
  if (state.result) {
    embeds.push(new EmbedBuilder().setTitle('Net worth, turn by turn').setColor(NEUTRAL_COLOUR).setDescription(standingsLines(view).join('\n')).setImage('attachment://networth.png').toJSON());
    files.push(new AttachmentBuilder(renderNetWorthChart(view), { name: 'networth.png' }));
    return { content: `**Game over.** ${winnersLine(view)}`, embeds, files, components: [], allowedMentions: { users: [] } };
  }
  const decider = decision.kind === 'gameOver' ? null : view.players[decision.seat]!;
  const buttons: ButtonBuilder[] = [];
  if (decision.kind === 'placeTile') {
    buttons.push(button(game.id, state.stateId, 'hand', 'My tiles', { style: ButtonStyle.Primary }));
  } else if (decision.kind !== 'gameOver') {
    buttons.push(button(game.id, state.stateId, 'decide', DECIDE_LABEL[decision.kind] ?? 'Decide', { style: ButtonStyle.Primary }));
    buttons.push(button(game.id, state.stateId, 'hand', 'My tiles'));
  }
  if (decision.kind === 'answerTrade') buttons.push(button(game.id, state.stateId, 'withdraw', 'Withdraw the offer'));
  const absent = game.seats.filter((_, seat) => (game.clock.missedInARow[seat] ?? 0) >= MISSES_BEFORE_AUTOPILOT && !game.clock.autopilot.includes(seat));
  for (const seat of absent) buttons.push(button(game.id, state.stateId, 'autopilot', `Put ${seat.displayName} on autopilot`, { arg: String(seat.seatIndex), style: ButtonStyle.Danger }));
  if (game.clock.autopilot.length > 0) buttons.push(button(game.id, state.stateId, 'back', "I'm back: stop my autopilot", { style: ButtonStyle.Success }));
  return {
    content: promptLine(decision, view),
    embeds,
    files,
    components: rows(buttons),
    allowedMentions: { users: decider ? [decider.id] : [] },
  };
}

function winnersLine(view: GameView): string {
  const winners = (view.result?.standings ?? []).filter((standing) => standing.place === 1);
  const names = winners.map((standing) => mention(standing.playerId)).join(' and ');
  return winners.length > 1 ? `${names} share the win with ${money(winners[0]!.cash)} each!` : `${names} wins with ${money(winners[0]?.cash ?? 0)}!`;
}

function clip(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}

// ---------------------------------------------------------------------------------------------
// Ephemeral panels: one per decision, shown only to the player it belongs to

export interface Panel {
  content: string;
  components: Row[];
}

const EFFECT_STYLE = { found: ButtonStyle.Success, grow: ButtonStyle.Primary, merge: ButtonStyle.Danger, nothing: ButtonStyle.Secondary, unplayable: ButtonStyle.Secondary } as const;

/** A player's tiles as buttons saying what each would do; playable only on their placement. */
export function handPanel(game: StoredGame, state: GameState, userId: string): Panel {
  const view = viewFor(state, userId);
  const seat = view.viewerSeat;
  if (seat === null) return { content: 'You have no seat in this game.', components: [] };
  const decision = currentDecision(state);
  const myPlacement = decision.kind === 'placeTile' && decision.seat === seat;
  const effects = handEffects(state, userId);
  const tileButtons = effects.map((effect) =>
    button(game.id, state.stateId, 'tile', `${effect.tile} · ${effect.playable ? effect.description : effect.permanent ? 'never playable' : 'not yet playable'}`, {
      arg: effect.tile,
      style: EFFECT_STYLE[effect.kind],
      disabled: !myPlacement || !effect.playable,
    }),
  );
  const lines = [myPlacement ? '**Your turn: choose a tile to place.**' : `Your tiles (it is ${view.players[decision.kind === 'gameOver' ? seat : decision.seat]!.name}'s decision now).`];
  for (const effect of effects.filter((candidate) => !candidate.playable)) lines.push(`• ${effect.description}`);
  if (effects.length === 0) lines.push('You hold no tiles.');
  lines.push(holdingsLine(view));
  const extra: ButtonBuilder[] = [];
  if (myPlacement && decision.kind === 'placeTile') {
    if (decision.mayRedraw) {
      lines.push('None of your tiles can be played: you may show them and draw a new hand, or skip the placement.');
      extra.push(button(game.id, state.stateId, 'redraw', 'Redraw my hand', { style: ButtonStyle.Primary }));
    }
    if (decision.mustSkip) extra.push(button(game.id, state.stateId, 'skip', 'Skip the placement'));
    if (decision.mayOfferTrade) {
      for (const other of view.players.filter((player) => player.seat !== seat)) {
        extra.push(button(game.id, state.stateId, 'offer', `Offer ${other.name} a trade`, { arg: String(other.seat) }));
      }
    }
  }
  return { content: lines.join('\n'), components: rows(tileButtons, extra).slice(0, 5) };
}

function holdingsLine(view: GameView): string {
  const me = view.players[view.viewerSeat ?? -1];
  if (!me || me.cash === null || me.shares === null) return '';
  const held = me.shares.map((count, chain) => (count > 0 ? `${view.chains[chain]!.name} ${count}` : '')).filter(Boolean).join(', ');
  return `You have ${money(me.cash)}${held ? ` and ${held}` : ' and no shares'}.`;
}

/** The panel for whatever `userId` must decide now (the "Decide" button). */
export function decisionPanel(game: StoredGame, state: GameState, userId: string): Panel {
  const decision = currentDecision(state);
  const view = viewFor(state, userId);
  const id = (kind: ComponentKind, label: string, options: Parameters<typeof button>[4] = {}): ButtonBuilder => button(game.id, state.stateId, kind, label, options);
  switch (decision.kind) {
    case 'placeTile':
      return handPanel(game, state, userId);
    case 'foundChain':
      return {
        content: `You founded a chain at **${decision.tile}**. Which one?`,
        components: rows(decision.available.map((name) => id('found', `${name} (${tierOf(state, name)})`, { arg: String(chainIndex(state, name)), style: ButtonStyle.Primary }))),
      };
    case 'chooseSurvivor':
      return {
        content: `${decision.candidates.join(' and ')} are the same size. Which one survives?`,
        components: rows(decision.candidates.map((name) => id('survivor', name, { arg: String(chainIndex(state, name)), style: ButtonStyle.Primary }))),
      };
    case 'chooseNextDefunct':
      return {
        content: `${decision.candidates.join(' and ')} are the same size. Which is wound up first (its holders are paid and decide first)?`,
        components: rows(decision.candidates.map((name) => id('defunct', name, { arg: String(chainIndex(state, name)), style: ButtonStyle.Primary }))),
      };
    case 'disposeShares':
      return disposePanel(game, state, 0, 0);
    case 'buyShares':
      return buyPanel(game, state, []);
    case 'answerTrade':
      return tradeAnswerPanel(game, state, view);
    case 'gameOver':
      return { content: 'This game is over.', components: [] };
  }
}

function tierOf(state: GameState, name: string): string {
  return state.chains[chainIndex(state, name)]!.tier;
}

/** Sell / trade / keep, with the counts chosen so far carried in the buttons. */
export function disposePanel(game: StoredGame, state: GameState, sell: number, trade: number): Panel {
  const decision = currentDecision(state);
  if (decision.kind !== 'disposeShares') return { content: 'There is nothing to decide about shares now.', components: [] };
  const { held, price, maxTrade, defunct, survivor } = decision;
  const keep = held - sell - trade;
  const at = (newSell: number, newTrade: number): string => `${Math.max(0, newSell)}.${Math.max(0, newTrade)}`;
  const id = (kind: ComponentKind, label: string, arg: string, disabled: boolean, style = ButtonStyle.Secondary): ButtonBuilder => button(game.id, state.stateId, kind, label, { arg, disabled, style });
  const lines = [
    `**${defunct}** was acquired by **${survivor}**. You hold **${held}** ${defunct} shares.`,
    `Sell at ${money(price)} each · trade 2 ${defunct} for 1 ${survivor} (up to ${maxTrade} can be traded) · keep the rest.`,
    `Your choice: sell **${sell}** (${money(sell * price)}), trade **${trade}** (for ${trade / 2} ${survivor}), keep **${keep}**.`,
  ];
  return {
    content: lines.join('\n'),
    components: rows(
      [
        id('dispose', 'Sell −1', at(sell - 1, trade), sell === 0),
        id('dispose', 'Sell +1', at(sell + 1, trade), keep === 0),
        id('dispose', 'Trade −2', at(sell, trade - 2), trade === 0),
        id('dispose', 'Trade +2', at(sell, trade + 2), keep < 2 || trade + 2 > maxTrade),
      ],
      [
        id('dispose', 'Sell all', at(held, 0), sell === held),
        id('dispose', 'Trade most', at(held - Math.min(maxTrade, held - (held % 2)), Math.min(maxTrade, held - (held % 2))), maxTrade === 0),
        id('dispose', 'Keep all', at(0, 0), sell === 0 && trade === 0),
      ],
      [id('disposeOk', `Confirm: sell ${sell}, trade ${trade}, keep ${keep}`, at(sell, trade), false, ButtonStyle.Success)],
    ),
  };
}

/** The buy panel: one button per chain adds a share to the cart; confirm buys the cart. */
export function buyPanel(game: StoredGame, state: GameState, cart: readonly number[]): Panel {
  const decision = currentDecision(state);
  if (decision.kind !== 'buyShares') return { content: 'There is nothing to buy now.', components: [] };
  const seat = decision.seat;
  const cash = state.players[seat]!.cash;
  const cost = cart.reduce((sum, chain) => sum + sharePrice(state.chains[chain]!.tier, state.chains[chain]!.size), 0);
  const cartKey = (chains: readonly number[]): string => chains.map(String).join('');
  const chainButtons = state.chains
    .map((chain, index) => ({ chain, index }))
    .filter(({ chain }) => chain.headquarters !== null)
    .map(({ chain, index }) => {
      const price = sharePrice(chain.tier, chain.size);
      const next = [...cart, index];
      const possible = cart.length < 3 && canBuyBasket(state, seat, next);
      const inCart = cart.filter((entry) => entry === index).length;
      return button(game.id, state.stateId, 'cart', `${chain.name} ${money(price)} · ${chain.bankShares - inCart} left`, { arg: cartKey(next), disabled: !possible, style: ButtonStyle.Primary });
    });
  const cartNames = cart.map((chain) => state.chains[chain]!.name);
  const lines = [
    decision.endDeclared ? '**Last turn:** buy up to 3 shares, then the game is scored.' : 'Buy up to 3 shares of chains on the board.',
    `Cart: **${cart.length > 0 ? countNames(cartNames) : 'empty'}**${cart.length > 0 ? ` for ${money(cost)}` : ''}. You have ${money(cash)}${cart.length > 0 ? `, ${money(cash - cost)} after buying` : ''}.`,
  ];
  if (chainButtons.length === 0) lines.push('No chain is on the board yet.');
  const controls = [
    button(game.id, state.stateId, 'buyOk', cart.length > 0 ? `Buy ${cart.length} for ${money(cost)}` : 'Buy nothing', { arg: cartKey(cart), style: ButtonStyle.Success }),
    button(game.id, state.stateId, 'cart', 'Remove last', { arg: cartKey(cart.slice(0, -1)), disabled: cart.length === 0 }),
    button(game.id, state.stateId, 'cart', 'Clear', { arg: '', disabled: cart.length === 0 }),
  ];
  if (decision.mayDeclareEnd) {
    lines.push('The end may be declared now: this turn finishes (buying included), then the game is scored.');
    controls.push(button(game.id, state.stateId, 'declareEnd', 'Declare the end', { style: ButtonStyle.Danger }));
  }
  return { content: lines.join('\n'), components: rows(chainButtons, controls) };
}

function tradeAnswerPanel(game: StoredGame, state: GameState, view: GameView): Panel {
  if (state.phase.kind !== 'tradeOffer') return { content: 'There is no trade offer now.', components: [] };
  const { offer } = state.phase;
  const describe = (holdings: { cash: number; shares: Record<string, number> }): string => {
    const parts = Object.entries(holdings.shares).filter(([, count]) => count > 0).map(([name, count]) => `${count} ${name}`);
    if (holdings.cash > 0) parts.push(money(holdings.cash));
    return parts.join(' and ') || 'nothing';
  };
  return {
    content: [`**${view.players[offer.from]!.name}** offers you **${describe(offer.give)}** for **${describe(offer.receive)}**.`, holdingsLine(view)].join('\n'),
    components: rows([
      button(game.id, state.stateId, 'answer', 'Accept', { arg: 'yes', style: ButtonStyle.Success }),
      button(game.id, state.stateId, 'answer', 'Decline', { arg: 'no', style: ButtonStyle.Danger }),
    ]),
  };
}
