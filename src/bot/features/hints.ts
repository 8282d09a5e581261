/**
 * Hints (`/acquire start hints:true`): each panel offers Suggest, which shows privately what
 * the hard computer player would do, with a one-line reason. The search runs in the pool.
 */
import { ButtonStyle, MessageFlags, type ButtonBuilder } from 'discord.js';
import { viewFor } from '../../engine/index.js';
import { type Locale, t } from '../../i18n/index.js';
import type { ActiveGame } from '../../store/index.js';
import { args, button, defineKind } from '../components.js';
import { readerLocale } from '../replies.js';
import { describeMove } from '../text.js';
import { feature } from './feature.js';

export const suggestion = defineKind('suggest', args.none);

export function suggestButton(game: ActiveGame, locale: Locale): ButtonBuilder {
  return button(suggestion, { gameId: game.id, stateId: game.state.stateId }, undefined, t(locale, 'buttons.suggest'), {
    emoji: '💡',
    style: ButtonStyle.Secondary,
  });
}

export const hintFeatures = [
  feature({
    kind: suggestion,
    needs: 'decider',
    on: 'panel',
    async run(ctx, interaction, { game, user }) {
      if (!game.hints) return;
      await interaction.deferReply({ flags: MessageFlags.Ephemeral });
      const hint = await ctx.workers.suggest(viewFor(game.state, user.id), game.state.stateId);
      const locale = readerLocale(interaction);
      if (!hint) {
        await interaction.editReply(t(locale, 'hints.nothing'));
        return;
      }
      const move = describeMove(hint.action, game.state, locale);
      const reason =
        hint.worlds === 0
          ? t(locale, 'hints.onlyChoice')
          : t(locale, 'hints.playedOut', {
              count: hint.worlds,
              percent: hint.winPercent,
              considered: hint.considered,
            });
      await interaction.editReply(t(locale, 'hints.suggestion', { move, reason }));
    },
  }),
];
