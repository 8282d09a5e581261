import { describe, expect, it } from 'vitest';
import { apply, createGame, defaultAction, type GameState } from '../../src/engine/index.js';
import { scenario } from '../support/notation.js';

describe('the default action for a player who ran out of time', () => {
  it('plays the first playable tile in board order', () => {
    const state = scenario({
      board: `
        xx..........
        ............
        ............
        ............
        ............
        ............
        ............
        ............
        ............`,
      players: [{ hand: ['9I', '3A', '5E'] }, {}],
    });
    expect(defaultAction(state)).toEqual({ type: 'placeTile', player: 'p0', tile: '3A' });
  });

  it('keeps shares in a merger and buys nothing', () => {
    let state: GameState = scenario({
      board: `
        LL.TT.......
        ............
        ............
        ............
        ............
        ............
        ............
        ............
        ............`,
      players: [{ hand: ['3A'], shares: { Tower: 2 } }, { shares: { Tower: 1 } }],
      headquarters: { Luxor: '1A', Tower: '4A' },
    });
    // Equal sizes: the mergemaker's default picks the first of the tied chains as survivor.
    for (const expected of ['placeTile', 'chooseSurvivor', 'disposeShares', 'disposeShares', 'buyShares'] as const) {
      const action = defaultAction(state)!;
      expect(action.type).toBe(expected);
      if (action.type === 'disposeShares') expect([action.sell, action.trade]).toEqual([0, 0]);
      if (action.type === 'buyShares') expect(action.chains).toEqual([]);
      const result = apply(state, action);
      if (!result.ok) throw new Error(result.message);
      state = result.state;
    }
    // Luxor (first of the tied chains) survived and both holders kept their Tower shares.
    expect(state.chains[0]!.size).toBe(5);
    expect([state.players[0]!.shares[1], state.players[1]!.shares[1]]).toEqual([2, 1]);
  });

  it('is always legal: games played by default actions alone run to the end', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const players = Array.from({ length: 2 + (seed % 5) }, (_, seat) => ({ id: `p${seat}`, name: `P${seat}` }));
      let state = createGame({ players, seed, options: { trades: seed % 2 === 0 } });
      for (let step = 0; state.phase.kind !== 'gameOver'; step++) {
        expect(step).toBeLessThan(2000);
        const result = apply(state, defaultAction(state)!);
        if (!result.ok) throw new Error(`seed ${seed}: default action refused: ${result.message}`);
        state = result.state;
      }
      expect(state.result?.standings).toHaveLength(players.length);
      expect(defaultAction(state)).toBeNull();
    }
  });
});
