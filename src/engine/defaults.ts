/**
 * The safe default for whatever a player must decide, used when their time runs out or they
 * are on autopilot: play the first playable tile (else redraw a hopeless hand, else skip),
 * found the first free chain, take the first of tied chains, keep shares, buy nothing, and
 * decline a trade.
 */
import { currentDecision, handEffects } from './queries.js';
import type { Action, GameState } from './types.js';

export function defaultAction(state: GameState): Action | null {
  const decision = currentDecision(state);
  if (decision.kind === 'gameOver') return null;
  const player = state.players[decision.seat]!.id;
  switch (decision.kind) {
    case 'placeTile': {
      const playable = handEffects(state, player).find((effect) => effect.playable);
      if (playable) return { type: 'placeTile', player, tile: playable.tile };
      return decision.mayRedraw ? { type: 'redrawHand', player } : { type: 'skipPlacement', player };
    }
    case 'foundChain':
      return { type: 'foundChain', player, chain: decision.available[0]! };
    case 'chooseSurvivor':
      return { type: 'chooseSurvivor', player, chain: decision.candidates[0]! };
    case 'chooseNextDefunct':
      return { type: 'chooseNextDefunct', player, chain: decision.candidates[0]! };
    case 'disposeShares':
      return { type: 'disposeShares', player, sell: 0, trade: 0 };
    case 'buyShares':
      return { type: 'buyShares', player, chains: [] };
    case 'answerTrade':
      return { type: 'answerTrade', player, accept: false };
  }
}
