/** Naming the chain a placed tile founded. */
import { ButtonStyle } from 'discord.js';
import { chainIndex, type Decision, type GameView } from '../../engine/index.js';
import { type Locale, t } from '../../i18n/index.js';
import type { ActiveGame } from '../../store/index.js';
import { args, button, defineKind } from '../components.js';
import { playMove } from '../game-flow.js';
import { rows, type Panel } from '../layout.js';
import { feature } from './feature.js';

/** The argument is a chain's index in the game's chain set. */
export const found = defineKind('found', args.int(6));

export function foundingPanel(game: ActiveGame, view: GameView, decision: Extract<Decision, { kind: 'foundChain' }>, locale: Locale): Panel {
  const at = { gameId: game.id, stateId: view.stateId };
  return {
    content: t(locale, 'panel.founded', { tile: decision.tile }),
    components: rows(
      decision.available.map((name) => {
        const chain = chainIndex(view, name);
        return button(
          found,
          at,
          chain,
          t(locale, 'buttons.foundChainTier', {
            chain: name,
            tier: t(locale, `tiers.${view.chains[chain]!.tier}`),
          }),
          { style: ButtonStyle.Primary },
        );
      }),
    ),
  };
}

export const foundingFeatures = [
  feature({
    kind: found,
    needs: 'decider',
    on: 'panel',
    move: true,
    run: (ctx, interaction, { arg, game, user, stateId }) =>
      playMove(ctx, interaction, game, { type: 'foundChain', player: user.id, chain: game.state.chains[arg]?.name ?? '' }, stateId),
  }),
];
