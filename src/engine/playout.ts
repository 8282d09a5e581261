/**
 * Playing a game on from a state to its end, fast: what computer players search with (they
 * play thousands of games per decision) and what the engine benchmark measures. The same moves
 * `apply` runs, on one working copy made at the start instead of a copy per action.
 */
import { applyInPlace } from './apply.js';
import { ownedDraft } from './moves/draft.js';
import type { Action, GameEvent, GameState } from './types.js';

export interface PlayoutOptions {
  /** Stop after this many actions even if the game goes on. */
  maxActions?: number;
  /** Called after every accepted action with its events (a property test's invariants). */
  onAction?: (state: GameState, action: Action, events: readonly GameEvent[]) => void;
}

export interface Playout {
  /** Where the playout stopped: the end of the game, the action limit, or a refused action. */
  state: GameState;
  /** Actions accepted. */
  actions: number;
  /** The action refused, if one was; the state is as it was before it. */
  refused: Action | null;
}

/**
 * Plays from `start` (left untouched) choosing each action with `choose`, until the game is
 * over, `choose` has nothing, the limit is reached or an action is refused.
 */
export function playOut(start: GameState, choose: (state: GameState) => Action | undefined, options: PlayoutOptions = {}): Playout {
  const s = ownedDraft(start);
  const limit = options.maxActions ?? Number.POSITIVE_INFINITY;
  const events: GameEvent[] = [];
  let actions = 0;
  while (actions < limit && s.phase.kind !== 'gameOver') {
    const action = choose(s);
    if (!action) break;
    events.length = 0;
    if (applyInPlace(s, action, events)) return { state: s, actions, refused: action };
    actions++;
    options.onAction?.(s, action, events);
  }
  return { state: s, actions, refused: null };
}
