/**
 * The hard player's search (src/ai/hard.ts): it stops at its budget and spends it, takes a move
 * that clearly wins, and its playouts' policies (src/ai/playout.ts) play legal moves only.
 */
import { describe, expect, it, vi } from 'vitest';
import { HARD_SETTINGS, hardSearch } from '../../src/ai/hard.js';
import { contestMove, greedyMove, playoutPolicy } from '../../src/ai/playout.js';
import { toCore } from '../../src/engine/core/convert.js';
import { BUY_SHARES, type CoreGame, GAME_OVER, NO_ACTION, playOutCore } from '../../src/engine/core/game.js';
import { standing } from '../../src/ai/evaluate.js';
import { coreMoves } from '../../src/ai/moves.js';
import { decidingSeat, viewFor, type GameOptions } from '../../src/engine/index.js';
import { scenario } from '../support/notation.js';
import { midGame } from './mid-game.js';

/** The deciding seat's view of a game `steps` actions in whose decision has at least `moves` candidates. */
function busyView(seed: number) {
  for (let steps = 41; ; steps++) {
    const state = midGame(4, {}, seed, steps);
    if (state.phase.kind === 'buyShares' || state.phase.kind === 'placeTile') return viewFor(state, state.players[decidingSeat(state)!]!.id);
  }
}

describe('the hard player', () => {
  it('stops within its budget, and spends it when its playouts are not capped', () => {
    const view = busyView(21);
    for (const budgetMs of [50, 200]) {
      const started = performance.now();
      const search = hardSearch(view, 5, { ...HARD_SETTINGS, playouts: 1_000_000 }, budgetMs)!;
      const elapsed = performance.now() - started;
      expect(elapsed, `${budgetMs} ms budget`).toBeLessThanOrEqual(budgetMs + 15);
      expect(elapsed, `${budgetMs} ms budget`).toBeGreaterThan(budgetMs / 2);
      // Every candidate was compared before any was dropped.
      expect(search.considered).toBeGreaterThan(1);
      expect(search.playouts).toBeGreaterThanOrEqual(search.considered);
    }
  });

  it('plays at most its playouts, and then the same seed gives the same move', () => {
    const view = busyView(22);
    const settings = { ...HARD_SETTINGS, playouts: 400 };
    const one = hardSearch(view, 9, settings, 60_000)!;
    expect(one.playouts).toBeLessThanOrEqual(400);
    expect(hardSearch(view, 9, settings, 60_000)).toEqual(one);
  });

  it('shares its playouts by count when they end it: a slow start (a cold thread) changes nothing', () => {
    const view = busyView(22);
    const settings = { ...HARD_SETTINGS, playouts: 400 };
    const steady = hardSearch(view, 9, settings, 60_000)!;
    // The clock as a cold thread may see it: the first world's steps a second each, then fast.
    let clock = 0;
    let calls = 0;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => (clock += calls++ < 12 ? 1000 : 0.01));
    try {
      expect(hardSearch(view, 9, settings, 60_000)).toEqual(steady);
    } finally {
      now.mockRestore();
    }
    expect(calls).toBeGreaterThan(12);
  });

  it('takes the merger that pays it a lead rather than a tile that does nothing', () => {
    // Tower (10 tiles, Ann its only holder) merges into Luxor (12, safe) if Ann plays 1B: she is
    // paid both bonuses and sells, from $500 against Ben's $8,000. Her other tiles touch nothing.
    const board = `
      A LLLLLLLLLLLL
      B ............
      C TTTTTTTTTT..
      D ............
      E ............
      F ............
      G ............
      H ............
      I ............`;
    const state = scenario({
      board,
      players: [
        { cash: 500, shares: { Tower: 10 }, hand: ['12I', '1I', '6G', '3H', '9E', '1B'] },
        { cash: 8000, hand: ['12E', '1G', '6I', '3F', '9G', '5E'] },
      ],
    });
    const search = hardSearch(viewFor(state, 'p0'), 3, { ...HARD_SETTINGS, playouts: 600 }, 60_000)!;
    expect(search.best.action).toEqual({ type: 'placeTile', player: 'p0', tile: '1B' });
    expect(search.best.wins).toBeGreaterThan(0.5);
  });

  it("plays its playouts' policies legally to the end of the game, with open and hidden holdings", () => {
    for (const holdings of ['open', 'hidden'] as const) {
      const state = midGame(4, { holdings }, 31, 30);
      const seat = decidingSeat(state)!;
      for (let world = 0; world < 8; world++) {
        const game = toCore(state);
        const outcome = playOutCore(game, playoutPolicy(game, seat, 0.1, world * 977), 3000);
        expect(outcome.refused, `${holdings}, world ${world}`).toBe(-1);
        expect(game.phase).toBe(GAME_OVER);
      }
      const game = toCore(state);
      expect(game.act(greedyMove(game, seat))).toBe(true);
      const other = toCore(midGame(4, { holdings }, 32, 45));
      expect(other.act(contestMove(other))).toBe(true);
    }
  });

  it('buys in its look-ahead exactly the basket that playing every basket out one move would pick', () => {
    // greedyMove scores a basket without playing it (src/ai/playout.ts): the same pick, to the
    // last tie, as the medium player's rule played move by move, at every buy of whole games.
    const played = (game: CoreGame, seat: number) => {
      let best = NO_ACTION;
      let bestScore = -Infinity;
      for (const move of coreMoves(game)) {
        const after = game.clone();
        if (!after.act(move)) continue;
        const score = standing(after, seat);
        if (score > bestScore) [best, bestScore] = [move, score];
      }
      return best;
    };
    let buys = 0;
    for (const [seed, options] of [
      [41, {}],
      [42, { bonusMode: 'tycoon' }],
      [43, { holdings: 'hidden' }],
    ] as const) {
      const game = toCore(midGame(4, options as Partial<GameOptions>, seed, 0));
      const policy = playoutPolicy(game, 0, 0.3, seed);
      playOutCore(
        game,
        (current) => {
          if (current.phase === BUY_SHARES) {
            buys++;
            const seat = current.decidingSeat();
            expect(greedyMove(current, seat)).toBe(played(current, seat));
          }
          return policy(current);
        },
        3000,
      );
    }
    expect(buys).toBeGreaterThan(60);
  });
});
