/**
 * The public message's "decide" button: whoever must decide opens their private panel for the
 * decision at hand. Which panel that is is the table's (`BotContext.ui.panel`, src/bot/features/index.ts).
 */
import { MessageFlags } from 'discord.js';
import type { Decision } from '../../engine/index.js';
import { args, defineKind } from '../components.js';
import { feature } from './feature.js';

export const decide = defineKind('decide', args.none);

export const DECIDE_LABEL: Partial<Record<Decision['kind'], string>> = {
  foundChain: 'Name the chain',
  chooseSurvivor: 'Choose the survivor',
  chooseNextDefunct: 'Choose the order',
  disposeShares: 'Sell / trade / keep',
  buyShares: 'Buy shares',
  answerTrade: 'Answer the offer',
};

export const decideFeatures = [
  feature({
    kind: decide,
    needs: 'decider',
    on: 'public',
    slowAnswer: 'reply',
    async run(ctx, interaction, { game, user }) {
      await interaction.reply({ ...ctx.ui.panel(game, user.id), flags: MessageFlags.Ephemeral });
    },
  }),
];
