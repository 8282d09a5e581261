import { apply } from './apply.js';
import { createGame, type GameSetup } from './setup.js';
import type { Action, GameState } from './types.js';

/** Plays an action log from a game's setup; throws if the log holds an action the rules refuse. */
export function replay(setup: GameSetup, actions: readonly Action[]): GameState {
  let state = createGame(setup);
  for (const [index, action] of actions.entries()) {
    const result = apply(state, action);
    if (!result.ok) throw new Error(`action ${index} (${action.type}) was refused on replay (${result.code})`);
    state = result.state;
  }
  return state;
}
