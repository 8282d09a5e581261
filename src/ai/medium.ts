/**
 * The medium player: one move ahead. Each legal action is played, in the engine's integer core,
 * on a copy of a world consistent with its view, and the resulting position scored by `standing`
 * (its equity against the best other's). Trades are always declined: an offer's worth depends on
 * what it cannot see.
 */
import { coreAction, toCore } from '../engine/core/convert.js';
import { currentDecision, legalActions, type Action, type GameState } from '../engine/index.js';
import { standing } from './evaluate.js';

/** Every legal action with its one-move score, best first (ties keep the engine's order). */
export function rankActions(state: GameState, seat: number): { action: Action; score: number }[] {
  const decision = currentDecision(state);
  if (decision.kind === 'gameOver' || decision.seat !== seat) return [];
  if (decision.kind === 'answerTrade') return [{ action: { type: 'answerTrade', player: state.players[seat]!.id, accept: false }, score: 0 }];
  const game = toCore(state);
  const ranked = legalActions(state).map((action, order) => {
    const after = game.clone();
    return { action, order, score: after.act(coreAction(state, action)) ? standing(after, seat) : -Infinity };
  });
  ranked.sort((a, b) => b.score - a.score || a.order - b.order);
  return ranked.map(({ action, score }) => ({ action, score }));
}

export function mediumAction(state: GameState, seat: number): Action | null {
  return rankActions(state, seat)[0]?.action ?? null;
}
