/**
 * After the end: a Rematch button on the final message opens a lobby in the game's channel with
 * the same options, the clicker as host; the other players are invited by name and join with
 * one click.
 */
import { ButtonStyle, MessageFlags, type ButtonBuilder } from 'discord.js';
import { t } from '../../i18n/index.js';
import { cancelGame, createLobby, setPublicMessage, type FinishedGame } from '../../store/index.js';
import { args, button, defineKind } from '../components.js';
import { messageUrl, refusals } from '../refusals.js';
import { readerLocale, refuse } from '../replies.js';
import { escapedName, mention } from '../text.js';
import { feature } from './feature.js';
import { lobbyMessage } from './lobby.js';

export const rematch = defineKind('rematch', args.none);

export function rematchButtons(game: FinishedGame): ButtonBuilder[] {
  return [button(rematch, { gameId: game.id, stateId: game.state.stateId }, undefined, t(game.language, 'rematch.button'), { style: ButtonStyle.Success })];
}

export const rematchFeatures = [
  feature({
    kind: rematch,
    needs: 'ended',
    on: 'public',
    async run(ctx, interaction, { game, user, seat }) {
      if (seat < 0) return refuse(interaction, refusals.notSeated);
      const opened = await createLobby(ctx.db, {
        guildId: game.guildId,
        channelId: game.channelId,
        host: user,
        options: game.options,
        language: game.language,
        turnLimitSeconds: game.turnLimitSeconds,
      });
      if (!opened.ok) {
        const { existing } = opened;
        return refuse(interaction, refusals.channelBusy(existing.publicMessageId ? messageUrl(existing, existing.publicMessageId) : null));
      }
      await interaction.deferReply({ flags: MessageFlags.Ephemeral });
      const others = game.seats.map((seat) => seat.userId).filter((id) => id !== user.id);
      const lobby = lobbyMessage(opened.game);
      const locale = game.language;
      const invitation = t(locale, 'rematch.invitation', {
        host: escapedName(user.name),
        players: others.map((id) => mention(id, locale)).join(' '),
      });
      let messageId: string;
      try {
        messageId = await ctx.transport.post(game.channelId, {
          body: {
            content: invitation,
            embeds: lobby.embeds,
            components: lobby.components.map((row) => row.toJSON()),
            allowed_mentions: { parse: [], users: others },
          },
          files: [],
        });
      } catch (error) {
        // A lobby nobody can see would only block the channel.
        await cancelGame(ctx.db, opened.game.id);
        throw error;
      }
      await setPublicMessage(ctx.db, opened.game.id, messageId);
      ctx.log.info({ gameId: opened.game.id, after: game.id, channelId: game.channelId, interactionId: interaction.id }, 'rematch lobby opened');
      await interaction.editReply({
        content: t(readerLocale(interaction), 'rematch.opened', {
          link: messageUrl(opened.game, messageId),
        }),
      });
    },
  }),
];
