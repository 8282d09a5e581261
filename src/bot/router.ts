/**
 * The one entry point for every interaction. Each component click is first parsed (custom id
 * decoded, game loaded, staleness and identity checked) and refused with an ephemeral sentence
 * when anything is off; only then is it run. Unexpected errors are logged with a reference the
 * player is shown, and the bot carries on.
 */
import { randomUUID } from 'node:crypto';
import {
  ActionRowBuilder,
  MessageFlags,
  ModalBuilder,
  TextInputBuilder,
  TextInputStyle,
  type ButtonInteraction,
  type Interaction,
  type ModalActionRowComponentBuilder,
  type ModalSubmitInteraction,
} from 'discord.js';
import { handleAcquireCommand } from '../../commands/acquire-handler.js';
import { canBuyBasket, currentDecision, decidingSeat, defaultAction, whatIsAwaited, type Action, type GameState } from '../engine/index.js';
import { getGame, isDatabaseUnavailable, type StoredGame } from '../store/index.js';
import type { BotContext } from './context.js';
import { decodeComponentId, encodeComponentId, parseCart, parseCountPair, type ComponentId } from './custom-id.js';
import { announce, commitMove, playMove } from './game-flow.js';
import { handleCancel, handleLobbyButton } from './lobby.js';
import { buyPanel, decisionPanel, disposePanel, handPanel } from './messages.js';
import { fromPrivatePanel, refuse } from './replies.js';
import { parseTradeForm } from './trade-form.js';
import { describeMove, mention } from './text.js';
import { MISSES_BEFORE_AUTOPILOT, setAutopilot } from './turn-clock.js';

export async function routeInteraction(ctx: BotContext, interaction: Interaction): Promise<void> {
  try {
    if (interaction.isChatInputCommand()) {
      if (interaction.commandName === 'acquire') await handleAcquireCommand(ctx, interaction);
      else await refuse(interaction, 'This bot does not know that command.');
    } else if (interaction.isButton()) {
      await handleButton(ctx, interaction);
    } else if (interaction.isModalSubmit()) {
      await handleModal(ctx, interaction);
    } else if (interaction.isRepliable()) {
      await refuse(interaction, 'This bot does not handle that kind of interaction.');
    }
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      ctx.log.warn({ err: error, interactionId: interaction.id, channelId: interaction.channelId }, 'database unavailable');
      if (interaction.isRepliable()) await refuse(interaction, 'The game is temporarily unavailable, and nothing was changed. Please try again in a moment.').catch(() => undefined);
      return;
    }
    const reference = randomUUID().slice(0, 8);
    ctx.log.error({ err: error, reference, interactionId: interaction.id, channelId: interaction.channelId, guildId: interaction.guildId }, 'interaction failed');
    if (interaction.isRepliable()) {
      await refuse(interaction, `Something went wrong on our side (reference ${reference}). If the game did not move on, try again.`).catch(() => undefined);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Buttons: parse, then run

type Parsed =
  | { ok: true; id: ComponentId; game: StoredGame }
  | { ok: false; message: string };

const LOBBY_KINDS = new Set<ComponentId['kind']>(['join', 'leave', 'start']);

async function parseComponent(ctx: BotContext, customId: string): Promise<Parsed> {
  const id = decodeComponentId(customId);
  if (!id) return { ok: false, message: 'That button is not one this bot understands; nothing was changed.' };
  const game = await getGame(ctx.db, id.gameId);
  if (!game) return { ok: false, message: 'That game no longer exists.' };
  if (LOBBY_KINDS.has(id.kind) || id.kind === 'cancel') return { ok: true, id, game };
  if (game.status !== 'active' || !game.state) return { ok: false, message: game.status === 'lobby' ? 'That game has not started yet.' : 'That game is over; nothing was changed.' };
  if (id.stateId !== game.state.stateId) {
    return { ok: false, message: 'That button is from an earlier moment of the game, so nothing was changed. Use the latest message in the channel (or `/acquire hand`).' };
  }
  return { ok: true, id, game };
}

async function handleButton(ctx: BotContext, interaction: ButtonInteraction): Promise<void> {
  const parsed = await parseComponent(ctx, interaction.customId);
  if (!parsed.ok) return refuse(interaction, parsed.message);
  const { id, game } = parsed;
  if (LOBBY_KINDS.has(id.kind)) return handleLobbyButton(ctx, interaction, id, game);
  if (id.kind === 'cancel') return handleCancel(ctx, interaction, id, game);
  const state = game.state!;
  const userId = interaction.user.id;
  const seat = state.players.findIndex((player) => player.id === userId);
  if (seat < 0) return refuse(interaction, 'You are not playing in this game.');
  if (id.kind === 'hand') {
    await interaction.reply({ ...handPanel(game, state, userId), flags: MessageFlags.Ephemeral });
    return;
  }
  if (id.kind === 'autopilot' || id.kind === 'back') return handleAutopilot(ctx, interaction, id, game, seat);
  const offerer = state.phase.kind === 'tradeOffer' ? state.phase.offer.from : -1;
  if (decidingSeat(state) !== seat && !(id.kind === 'withdraw' && seat === offerer)) {
    return refuse(interaction, `It is not your decision now: ${whatIsAwaited(state)}`);
  }
  switch (id.kind) {
    case 'decide':
      await interaction.reply({ ...decisionPanel(game, state, userId), flags: MessageFlags.Ephemeral });
      return;
    case 'dispose': {
      if (!fromPrivatePanel(interaction)) return refuse(interaction, NOT_A_PANEL);
      const { sell, trade } = parseCountPair(id.arg);
      if (!disposalPossible(state, sell, trade)) return refuse(interaction, 'Those share counts are not possible.');
      await interaction.update(disposePanel(game, state, sell, trade));
      return;
    }
    case 'cart': {
      if (!fromPrivatePanel(interaction)) return refuse(interaction, NOT_A_PANEL);
      const cart = parseCart(id.arg);
      if (!canBuyBasket(state, seat, cart)) return refuse(interaction, 'That basket cannot be bought: too dear, sold out or more than 3 shares.');
      await interaction.update(buyPanel(game, state, cart));
      return;
    }
    case 'offer': {
      const decision = currentDecision(state);
      if (decision.kind !== 'placeTile' || !decision.mayOfferTrade) return refuse(interaction, 'No trade can be offered now: trades are off in this game, or this turn has had its offers.');
      if (Number(id.arg) === seat || !state.players[Number(id.arg)]) return refuse(interaction, 'Offer a trade to another player in this game.');
      await interaction.showModal(tradeForm(game, state, Number(id.arg)));
      return;
    }
    default: {
      const action = actionFor(id, state, userId);
      if (!action) return refuse(interaction, 'That button does not match the game; nothing was changed.');
      return playMove(ctx, interaction, game, action);
    }
  }
}

/**
 * "Put X on autopilot" (any other player, once X let decisions run out) and "I'm back" (the
 * player on autopilot). When X must decide right now, the default move is made at once.
 */
async function handleAutopilot(ctx: BotContext, interaction: ButtonInteraction, id: ComponentId, game: StoredGame, seat: number): Promise<void> {
  const state = game.state!;
  if (id.kind === 'back') {
    if (!game.clock.autopilot.includes(seat)) return refuse(interaction, 'You are not on autopilot.');
    const written = await ctx.locks.run(game.id, () => setAutopilot(ctx, game, seat, false));
    if (!written) return refuse(interaction, 'The game moved on before your click arrived; nothing was changed. Try again from the latest message.');
    await interaction.reply({ content: 'Welcome back: your decisions are yours again.', flags: MessageFlags.Ephemeral });
    return;
  }
  const target = Number(id.arg);
  const name = game.seats[target]?.displayName ?? 'that player';
  if (target === seat) return refuse(interaction, 'You cannot put yourself on autopilot.');
  if ((game.clock.missedInARow[target] ?? 0) < MISSES_BEFORE_AUTOPILOT || game.clock.autopilot.includes(target)) {
    return refuse(interaction, `${name} cannot be put on autopilot now.`);
  }
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const done = await ctx.locks.run(game.id, async () => {
    if (!(await setAutopilot(ctx, game, target, true))) return false;
    const latest = (await getGame(ctx.db, game.id))!;
    const action = decidingSeat(state) === target ? defaultAction(state) : null;
    const lines = [`🤖 ${mention(interaction.user.id)} put ${name} on autopilot until they press "I'm back".`];
    if (action) await commitMove(ctx, latest, action, { seat: target, by: 'autopilot' }, [...lines, `🤖 ${name} is on autopilot: ${describeMove(action, state)}.`]);
    else await announce(ctx, latest, [], lines);
    return true;
  });
  await interaction.editReply(done ? `${name} is on autopilot now.` : 'The game moved on before your click arrived; nothing was changed.');
}

const NOT_A_PANEL = 'Use the buttons of your own panel: press the button on the latest message in the channel.';

/** The engine action a move button stands for. */
function actionFor(id: ComponentId, state: GameState, player: string): Action | null {
  const chainName = (arg: string): string => state.chains[Number(arg)]?.name ?? '';
  switch (id.kind) {
    case 'tile':
      return { type: 'placeTile', player, tile: id.arg };
    case 'skip':
      return { type: 'skipPlacement', player };
    case 'redraw':
      return { type: 'redrawHand', player };
    case 'found':
      return { type: 'foundChain', player, chain: chainName(id.arg) };
    case 'survivor':
      return { type: 'chooseSurvivor', player, chain: chainName(id.arg) };
    case 'defunct':
      return { type: 'chooseNextDefunct', player, chain: chainName(id.arg) };
    case 'disposeOk': {
      const { sell, trade } = parseCountPair(id.arg);
      return { type: 'disposeShares', player, sell, trade };
    }
    case 'buyOk':
      return { type: 'buyShares', player, chains: parseCart(id.arg).map((chain) => chainName(String(chain))) };
    case 'declareEnd':
      return { type: 'declareEnd', player };
    case 'answer':
      return { type: 'answerTrade', player, accept: id.arg === 'yes' };
    case 'withdraw':
      return { type: 'withdrawTrade', player };
    default:
      return null;
  }
}

function disposalPossible(state: GameState, sell: number, trade: number): boolean {
  const decision = currentDecision(state);
  return decision.kind === 'disposeShares' && trade % 2 === 0 && trade <= decision.maxTrade && sell + trade <= decision.held;
}


// ---------------------------------------------------------------------------------------------
// The trade form (a modal)

function tradeForm(game: StoredGame, state: GameState, toSeat: number): ModalBuilder {
  const other = state.players[toSeat]?.name ?? 'another player';
  const input = (id: string, label: string, placeholder: string): ActionRowBuilder<ModalActionRowComponentBuilder> =>
    new ActionRowBuilder<ModalActionRowComponentBuilder>().addComponents(
      new TextInputBuilder().setCustomId(id).setLabel(label).setPlaceholder(placeholder).setStyle(TextInputStyle.Short).setRequired(false).setMaxLength(100),
    );
  return new ModalBuilder()
    .setCustomId(encodeComponentId({ kind: 'offerForm', gameId: game.id, stateId: state.stateId, arg: String(toSeat) }))
    .setTitle(`Trade with ${other}`.slice(0, 45))
    .addComponents(
      input('giveShares', 'Shares you give', 'e.g. 2 Tower, 1 Luxor'),
      input('giveCash', 'Cash you give', 'e.g. 500'),
      input('getShares', 'Shares you want', 'e.g. 3 Festival'),
      input('getCash', 'Cash you want', 'e.g. 0'),
    );
}

async function handleModal(ctx: BotContext, interaction: ModalSubmitInteraction): Promise<void> {
  const parsed = await parseComponent(ctx, interaction.customId);
  if (!parsed.ok) return refuse(interaction, parsed.message);
  const { id, game } = parsed;
  const state = game.state!;
  if (id.kind !== 'offerForm') return refuse(interaction, 'That form is not one this bot understands; nothing was changed.');
  const to = state.players[Number(id.arg)];
  if (!to) return refuse(interaction, 'That player is not in this game.');
  const form = parseTradeForm((field) => interaction.fields.getTextInputValue(field), state);
  if (!form.ok) return refuse(interaction, form.message);
  return playMove(ctx, interaction, game, { type: 'offerTrade', player: interaction.user.id, to: to.id, give: form.give, receive: form.receive });
}
