import { chooseAction } from '../../src/ai/index.js';
import { apply, createGame, decidingSeat, viewFor, type GameOptions, type GameState } from '../../src/engine/index.js';

/** A game `steps` actions in, played by baselines. */
export function midGame(players: number, options: Partial<GameOptions>, seed: number, steps: number): GameState {
  let state = createGame({ players: Array.from({ length: players }, (_, seat) => ({ id: `p${seat}`, name: `P${seat}` })), options, seed });
  for (let step = 0; step < steps; step++) {
    const seat = decidingSeat(state)!;
    state = (apply(state, chooseAction(viewFor(state, state.players[seat]!.id), { level: 'baseline', seed: step })!) as { state: GameState }).state;
  }
  return state;
}
