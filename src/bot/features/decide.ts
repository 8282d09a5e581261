/**
 * The public message's "decide" button: whoever must decide opens their private panel for the
 * decision at hand. Which panel that is is the table's (`BotContext.ui.panel`, src/bot/features/index.ts).
 */
import { MessageFlags } from 'discord.js';
import type { Decision } from '../../engine/index.js';
import type { Key } from '../../i18n/index.js';
import { args, defineKind } from '../components.js';
import { readerLocale } from '../replies.js';
import { feature } from './feature.js';

export const decide = defineKind('decide', args.none);

/** The decide button's label for each decision (keys of the catalogs). */
export const DECIDE_LABEL: Partial<Record<Decision['kind'], Key>> = {
  foundChain: 'buttons.foundChain',
  chooseSurvivor: 'buttons.chooseSurvivor',
  chooseNextDefunct: 'buttons.chooseNextDefunct',
  disposeShares: 'buttons.dispose',
  buyShares: 'buttons.buyShares',
  answerTrade: 'buttons.answerTrade',
};

export const decideFeatures = [
  feature({
    kind: decide,
    needs: 'decider',
    on: 'public',
    slowAnswer: 'reply',
    async run(ctx, interaction, { game, user }) {
      await interaction.reply({
        ...ctx.ui.panel(game, user.id, readerLocale(interaction)),
        flags: MessageFlags.Ephemeral,
      });
    },
  }),
];
