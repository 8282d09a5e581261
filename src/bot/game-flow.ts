/**
 * Moving a game on from Discord: apply a move through the store (engine-validated,
 * version-guarded), set the turn clock, tell the table, and play for players on autopilot.
 * Every path that changes a game (a click, a time-out) goes through `commitMove`.
 */
import type { ButtonInteraction, ModalSubmitInteraction, SendableChannels } from 'discord.js';
import { MessageFlags } from 'discord.js';
import { currentDecision, decidingSeat, defaultAction, whatIsAwaited, type Action, type GameEvent } from '../engine/index.js';
import { applyAction, setPublicMessage, setTurnClock, type ApplyActionResult, type StoredGame } from '../store/index.js';
import type { BotContext } from './context.js';
import { fromPrivatePanel } from './replies.js';
import { decisionPanel, gameMessage, type MessagePayload } from './messages.js';
import { describeMove } from './text.js';
import { nextClock } from './turn-clock.js';

export type MoveInteraction = ButtonInteraction | ModalSubmitInteraction;

/**
 * Applies `action` for the clicking user. The click is acknowledged first (Discord allows 3 s;
 * a database round trip and a board picture may take longer), then either the player's panel
 * shows their next decision, or a refusal explains why nothing changed.
 */
export async function playMove(ctx: BotContext, interaction: MoveInteraction, game: StoredGame, action: Action): Promise<void> {
  // A click on a private panel updates that panel; anything else gets a private answer.
  if (fromPrivatePanel(interaction)) await interaction.deferUpdate();
  else await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const seat = game.seats.findIndex((candidate) => candidate.userId === interaction.user.id);
  const outcome = await ctx.locks.run(game.id, () => commitMove(ctx, game, action, { seat, by: 'player' }));
  if (!outcome.ok) {
    const message = outcome.reason === 'stale' ? 'The game moved on before your click arrived; nothing was changed. Use the latest message.' : outcome.message;
    await interaction.followUp({ content: message, flags: MessageFlags.Ephemeral });
    return;
  }
  ctx.log.info({ gameId: game.id, channelId: game.channelId, interactionId: interaction.id, action: action.type, version: outcome.game.version }, 'move applied');
  await interaction.editReply(nextPanelFor(outcome.game, interaction.user.id));
}

export interface Mover {
  seat: number;
  by: 'player' | 'timeout' | 'autopilot';
}

/**
 * Applies a move (the caller holds the game's lock), sets the clock for the next decision,
 * announces it, and then makes the moves of players on autopilot, each announced. Returns the
 * result of the first move with the game as it finally stands.
 */
export async function commitMove(ctx: BotContext, game: StoredGame, action: Action, mover: Mover, lines: readonly string[] = []): Promise<ApplyActionResult> {
  const first = await applyAction(ctx.db, game.id, game.version, action.player, action, game);
  if (!first.ok) return first;
  let result = first;
  let announcement = lines;
  let by = mover;
  for (;;) {
    const clock = nextClock(ctx, result.game, by);
    await setTurnClock(ctx.db, result.game.id, result.game.version, clock);
    const current = await announce(ctx, { ...result.game, ...clock }, result.events, announcement);
    const next = decidingSeat(current.state!);
    const auto = next !== null && current.clock.autopilot.includes(next) ? defaultAction(current.state!) : null;
    if (!auto || next === null) return { ...first, game: current };
    announcement = [`🤖 ${current.seats[next]!.displayName} is on autopilot: ${describeMove(auto, current.state!)}.`];
    by = { seat: next, by: 'autopilot' };
    const played = await applyAction(ctx.db, current.id, current.version, auto.player, auto, current);
    // Another process moved first: it also runs the autopilot, so stop here.
    if (!played.ok) return { ...first, game: current };
    result = played;
  }
}

/** The clicker's panel after their move: their next decision, or a short acknowledgement. */
function nextPanelFor(game: StoredGame, userId: string): { content: string; components: MessagePayload['components'] } {
  const state = game.state!;
  const decision = currentDecision(state);
  if (decision.kind !== 'gameOver' && state.players[decision.seat]?.id === userId) return decisionPanel(game, state, userId);
  return { content: decision.kind === 'gameOver' ? 'Done. The game is over: see the final standings in the channel.' : `Done. Now ${whatIsAwaited(state)}`, components: [] };
}

/**
 * Posts the table's new public message and takes the buttons off the previous one, so only the
 * latest message can be clicked. Returns the game with its new public message.
 */
export async function announce(ctx: BotContext, game: StoredGame, events: readonly GameEvent[], extraLines: readonly string[] = []): Promise<StoredGame> {
  const channel = await sendableChannel(ctx, game.channelId);
  if (!channel || !game.state) return game;
  // The old buttons go first, so that at no moment two public messages can be clicked. Should
  // the post then fail, the start-up pick-up posts the game again (src/bot/resume.ts).
  if (game.publicMessageId) await stripButtons(ctx, channel, game.publicMessageId);
  const sent = await channel.send(gameMessage(game, game.state, events, extraLines));
  await setPublicMessage(ctx.db, game.id, sent.id, game.state.stateId);
  return { ...game, publicMessageId: sent.id, publicStateId: game.state.stateId };
}

export async function stripButtons(ctx: BotContext, channel: SendableChannels, messageId: string): Promise<void> {
  if (!('messages' in channel)) return;
  await channel.messages.edit(messageId, { components: [] }).catch((error: unknown) => {
    // A deleted message or a missing permission must not stop the game.
    ctx.log.warn({ err: error, channelId: channel.id, messageId }, 'could not remove the buttons of an old message');
  });
}

export async function sendableChannel(ctx: BotContext, channelId: string): Promise<SendableChannels | null> {
  const channel = ctx.client.channels.cache.get(channelId) ?? (await ctx.client.channels.fetch(channelId).catch(() => null));
  return channel && channel.isSendable() ? channel : null;
}
