/** The worker pool answers exactly what the player would answer in this thread, off it. */
import { afterAll, describe, expect, it } from 'vitest';
import { chooseAction, suggest } from '../../src/ai/index.js';
import { createWorkerPool } from '../../src/ai/pool.js';
import { createGame, viewFor } from '../../src/engine/index.js';

const pool = createWorkerPool({ threads: 1 });
afterAll(() => pool.close());

describe('the computer players’ worker pool', () => {
  it('returns the same action as the direct call, for every level, and the hint with its reason', async () => {
    const state = createGame({ players: [{ id: 'a', name: 'Ann' }, { id: 'b', name: 'Bob' }, { id: 'c', name: 'Cat' }], seed: 3 });
    const view = viewFor(state, state.players[state.currentPlayer]!.id);
    for (const level of ['easy', 'medium', 'hard', 'baseline'] as const) {
      expect(await pool.choose(view, { level, seed: 8 }), level).toEqual(chooseAction(view, { level, seed: 8 }));
    }
    const hint = await pool.suggest(view, 8);
    expect(hint).toEqual(suggest(view, 8));
    expect(hint?.reason).toMatch(/won \d+% of the games|only sensible choice/);
  });
});
