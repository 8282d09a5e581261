/**
 * Moving a game on from Discord: apply a move through the store (engine-validated,
 * version-guarded), then tell the table. Every path that changes a game goes through `playMove`.
 */
import type { ButtonInteraction, ModalSubmitInteraction, SendableChannels } from 'discord.js';
import { MessageFlags } from 'discord.js';
import { currentDecision, type Action, type GameEvent } from '../engine/index.js';
import { applyAction, setPublicMessage, type StoredGame } from '../store/index.js';
import type { BotContext } from './context.js';
import { decisionPanel, gameMessage, type MessagePayload } from './messages.js';

export type MoveInteraction = ButtonInteraction | ModalSubmitInteraction;

/**
 * Applies `action` for the clicking user. The click is acknowledged first (Discord allows 3 s;
 * a database round trip and a board picture may take longer), then either the player's panel
 * shows their next decision, or a refusal explains why nothing changed.
 */
export async function playMove(ctx: BotContext, interaction: MoveInteraction, game: StoredGame, action: Action): Promise<void> {
  // A click on a panel updates that panel; a form submitted from a panel does too.
  if (interaction.isButton() || interaction.isFromMessage()) await interaction.deferUpdate();
  else await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const outcome = await ctx.locks.run(game.id, async () => {
    const result = await applyAction(ctx.db, game.id, game.version, interaction.user.id, action);
    if (result.ok) await announce(ctx, result.game, result.events);
    return result;
  });
  if (!outcome.ok) {
    const message = outcome.reason === 'stale' ? 'The game moved on before your click arrived; nothing was changed. Use the latest message.' : outcome.message;
    await interaction.followUp({ content: message, flags: MessageFlags.Ephemeral });
    return;
  }
  ctx.log.info({ gameId: game.id, channelId: game.channelId, interactionId: interaction.id, action: action.type, version: outcome.game.version }, 'move applied');
  await interaction.editReply(nextPanelFor(outcome.game, interaction.user.id));
}

/** The clicker's panel after their move: their next decision, or a short acknowledgement. */
function nextPanelFor(game: StoredGame, userId: string): { content: string; components: MessagePayload['components'] } {
  const state = game.state!;
  const decision = currentDecision(state);
  if (decision.kind !== 'gameOver' && state.players[decision.seat]?.id === userId) return decisionPanel(game, state, userId);
  return { content: decision.kind === 'gameOver' ? 'Done. The game is over: see the final standings in the channel.' : 'Done.', components: [] };
}

/**
 * Posts the table's new public message and takes the buttons off the previous one, so only the
 * latest message can be clicked.
 */
export async function announce(ctx: BotContext, game: StoredGame, events: readonly GameEvent[], extraLines: readonly string[] = []): Promise<void> {
  const channel = await sendableChannel(ctx, game.channelId);
  if (!channel || !game.state) return;
  const sent = await channel.send(gameMessage(game, game.state, events, extraLines));
  const previous = game.publicMessageId;
  await setPublicMessage(ctx.db, game.id, sent.id);
  if (previous) await stripButtons(ctx, channel, previous);
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
