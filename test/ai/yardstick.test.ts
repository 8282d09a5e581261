/** The tournament's MCTS yardstick (bench/yardstick.ts): it knows every legal move and plays a whole game legally. */
import { describe, expect, it } from 'vitest';
import { coreMoves, yardstickAction } from '../../bench/yardstick.js';
import { chooseAction } from '../../src/ai/index.js';
import { toAction, toCore } from '../../src/engine/core/convert.js';
import { type Action, apply, createGame, decidingSeat, type GameState, legalActions, viewFor } from '../../src/engine/index.js';

/** An action as text, a basket's chains in name order (a basket is a set). */
const canonical = (action: Action): string => JSON.stringify(action.type === 'buyShares' ? { ...action, chains: action.chains.slice().sort() } : action);

describe('the MCTS yardstick', () => {
  it('lists exactly the legal moves, decision by decision, over whole games', () => {
    for (const [seed, players] of [
      [3, 4],
      [8, 2],
      [21, 6],
    ] as const) {
      let state = createGame({
        players: Array.from({ length: players }, (_, seat) => ({
          id: `p${seat}`,
          name: `P${seat}`,
        })),
        options: { unplayable: seed === 8 ? 'strict' : 'replace' },
        seed,
      });
      let checked = 0;
      for (let step = 0; state.phase.kind !== 'gameOver'; step++) {
        const engine = legalActions(state).map(canonical).sort();
        const core = coreMoves(toCore(state))
          .map((move) => canonical(toAction(toCore(state), move, state)))
          .sort();
        expect(core, `seed ${seed}, step ${step}`).toEqual(engine);
        checked++;
        const seat = decidingSeat(state)!;
        state = (
          apply(
            state,
            chooseAction(viewFor(state, state.players[seat]!.id), {
              level: 'baseline',
              seed: step,
            })!,
          ) as { state: GameState }
        ).state;
      }
      expect(checked).toBeGreaterThan(50);
    }
  });

  it('plays a whole game legally against the baseline, hidden holdings included', () => {
    let state = createGame({
      players: ['a', 'b', 'c'].map((id) => ({ id, name: id })),
      options: { holdings: 'hidden' },
      seed: 5,
    });
    for (let step = 0; state.phase.kind !== 'gameOver'; step++) {
      const seat = decidingSeat(state)!;
      const view = viewFor(state, state.players[seat]!.id);
      const action = seat === 0 ? yardstickAction(view, step, 60) : chooseAction(view, { level: 'baseline', seed: step });
      const outcome = apply(state, action!);
      if (!outcome.ok) throw new Error(`seat ${seat} played an illegal move: ${outcome.message}`);
      state = outcome.state;
    }
    expect(state.result?.standings).toHaveLength(3);
  });
});
