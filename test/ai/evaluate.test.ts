/** The computer players' yardstick of a position: equity, standing against the best other, a win's share. */
import { describe, expect, it } from 'vitest';
import { equity, standing, winShare } from '../../src/ai/evaluate.js';
import { fromCore, toCore } from '../../src/engine/core/convert.js';
import { playOutCore } from '../../src/engine/core/game.js';
import { CoreRandomPlayer } from '../../src/engine/core/random-player.js';
import { scenario } from '../support/notation.js';
import { THREE_CHAINS_BOARD as board } from '../engine/helpers.js';

describe('equity', () => {
  it('is net worth plus 60 % of the bonuses the holdings would earn if paid now', () => {
    // Luxor: 4 tiles, cheap, $400 a share; majority $4,000, minority $2,000.
    const game = toCore(scenario({ board, players: [{ cash: 6000, shares: { Luxor: 3 } }, { cash: 5000, shares: { Luxor: 1 } }, { cash: 7000 }] }));
    expect(equity(game, 0)).toBeCloseTo(6000 + 3 * 400 + 0.6 * 4000);
    expect(equity(game, 1)).toBeCloseTo(5000 + 400 + 0.6 * 2000);
    expect(equity(game, 2)).toBe(7000);
    // Seat 0 against the best of the others (seat 2's 7,000).
    expect(standing(game, 0)).toBeCloseTo(9600 - 7000);
    expect(standing(game, 2)).toBeCloseTo(7000 - 9600);
    expect(winShare(game, 0)).toBe(0); // the game goes on
  });

  it('is the final cash once the game is over, and a win is shared by those tied first', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const start = scenario({ board, players: [{ shares: { Luxor: 2 } }, { shares: { Tower: 2 } }, {}] });
      const game = toCore(start);
      const random = new CoreRandomPlayer(seed);
      playOutCore(game, (current) => random.chooseAction(current));
      const { result, players } = fromCore(game, start);
      const first = result!.standings.filter((entry) => entry.place === 1);
      players.forEach((player, seat) => {
        expect(equity(game, seat)).toBe(player.cash);
        expect(winShare(game, seat)).toBe(first.some((entry) => entry.seat === seat) ? 1 / first.length : 0);
      });
    }
  });
});
