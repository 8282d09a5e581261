/** The lobby's buttons (Join, Leave, Start) and cancelling a game, with its confirmation. */
import { ButtonStyle, MessageFlags, PermissionFlagsBits, type ButtonInteraction, type ChatInputCommandInteraction } from 'discord.js';
import { cancelGame, getGame, joinLobby, leaveLobby, startGame, type JoinResult, type LeaveResult, type StartResult, type StoredGame } from '../store/index.js';
import type { BotContext } from './context.js';
import type { ComponentId } from './custom-id.js';
import { announce, sendableChannel, stripButtons } from './game-flow.js';
import { button, lobbyMessage, rows, type MessagePayload } from './messages.js';
import { fromPrivatePanel, refuse } from './replies.js';
import { ensureClock } from './turn-clock.js';
import { mention } from './text.js';

export function displayName(interaction: ButtonInteraction | ChatInputCommandInteraction): string {
  const member = interaction.member;
  const nick = member && 'displayName' in member ? member.displayName : null;
  return (nick ?? interaction.user.globalName ?? interaction.user.username).slice(0, 32);
}

export async function handleLobbyButton(ctx: BotContext, interaction: ButtonInteraction, id: ComponentId, game: StoredGame): Promise<void> {
  const user = { id: interaction.user.id, name: displayName(interaction) };
  if (id.kind === 'start' && user.id !== game.createdBy) return refuse(interaction, `Only the host, ${mention(game.createdBy)}, can start this game.`);
  // Only the host can start or cancel a lobby: one they left would be stuck, or start without them.
  if (id.kind === 'leave' && user.id === game.createdBy && game.status === 'lobby') {
    return refuse(interaction, 'You are the host: the lobby cannot go on without you. To call the game off, press Cancel.');
  }
  // Starting renders and posts the first board, which may take longer than Discord's 3 s.
  await interaction.deferUpdate();
  const result = await ctx.locks.run<JoinResult | LeaveResult | StartResult>(game.id, async () => {
    switch (id.kind) {
      case 'join':
        return joinLobby(ctx.db, game.id, user);
      case 'leave':
        return leaveLobby(ctx.db, game.id, user.id);
      default: {
        const started = await startGame(ctx.db, game.id);
        if (started.ok) {
          await ensureClock(ctx, started.game);
          // The lobby message is the game's public message until the first board replaces it.
          const seats = started.game.seats.map((seat) => mention(seat.userId)).join(', ');
          await announce(ctx, started.game, [], [`The game begins: ${seats}. Each of you drew a tile for the order (now on the board): the one nearest the top-left corner plays first.`]);
        }
        return started;
      }
    }
  });
  if (!result.ok) return refuse(interaction, result.message);
  const lobby = lobbyMessage(result.game, result.game.turnLimitSeconds);
  await interaction.editReply(id.kind === 'start' ? closedLobby(lobby, 'Acquire: this game has started (the board is below)') : lobby);
  if (id.kind === 'start') ctx.log.info({ gameId: game.id, channelId: game.channelId, interactionId: interaction.id, players: result.game.seats.length }, 'game started');
}

/** A lobby message that is no longer open: no buttons, and a title saying why. */
function closedLobby(lobby: MessagePayload, title: string): MessagePayload {
  const [embed, ...others] = lobby.embeds;
  return { ...lobby, embeds: embed ? [{ ...embed, title }, ...others] : others, components: [] };
}

/** Who may cancel: the host, or anyone who can manage the server. */
function mayCancel(interaction: ButtonInteraction | ChatInputCommandInteraction, game: StoredGame): boolean {
  return interaction.user.id === game.createdBy || (interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false);
}

/** The confirmation asked before cancelling (from the command or the lobby's Cancel button). */
export async function askToCancel(interaction: ButtonInteraction | ChatInputCommandInteraction, game: StoredGame): Promise<void> {
  if (!mayCancel(interaction, game)) return refuse(interaction, `Only the host (${mention(game.createdBy)}) or someone who can manage this server can cancel the game.`);
  await interaction.reply({
    content: 'Cancel this game for everyone? This cannot be undone.',
    components: rows([
      button(game.id, 0, 'cancel', 'Yes, cancel the game', { arg: 'yes', style: ButtonStyle.Danger }),
      button(game.id, 0, 'cancel', 'No, keep playing', { arg: 'no' }),
    ]),
    flags: MessageFlags.Ephemeral,
  });
}

export async function handleCancel(ctx: BotContext, interaction: ButtonInteraction, id: ComponentId, game: StoredGame): Promise<void> {
  if (id.arg === 'ask') return askToCancel(interaction, game);
  if (id.arg === 'no') {
    if (fromPrivatePanel(interaction)) await interaction.update({ content: 'The game goes on.', components: [] });
    else await refuse(interaction, 'The game goes on.');
    return;
  }
  if (!mayCancel(interaction, game)) return refuse(interaction, 'You may not cancel this game.');
  const result = await ctx.locks.run(game.id, () => cancelGame(ctx.db, game.id));
  if (!result.ok) return refuse(interaction, result.message);
  if (fromPrivatePanel(interaction)) await interaction.update({ content: 'The game is cancelled.', components: [] });
  else await refuse(interaction, 'The game is cancelled.');
  ctx.log.info({ gameId: game.id, channelId: game.channelId, interactionId: interaction.id }, 'game cancelled');
  const channel = await sendableChannel(ctx, game.channelId);
  if (!channel) return;
  const latest = (await getGame(ctx.db, game.id)) ?? game;
  if (game.status === 'lobby' && latest.publicMessageId && 'messages' in channel) {
    // The lobby says so itself, rather than still reading "a new game is forming".
    await channel.messages.edit(latest.publicMessageId, closedLobby(lobbyMessage(latest, latest.turnLimitSeconds), 'Acquire: this game was cancelled')).catch(async (error: unknown) => {
      ctx.log.warn({ err: error, channelId: channel.id, messageId: latest.publicMessageId }, 'could not mark the lobby cancelled');
      await stripButtons(ctx, channel, latest.publicMessageId!);
    });
  } else if (latest.publicMessageId) {
    await stripButtons(ctx, channel, latest.publicMessageId);
  }
  await channel.send({ content: `The game was cancelled by ${mention(interaction.user.id)}. Start a new one with \`/acquire start\`.`, allowedMentions: { users: [] } });
}
