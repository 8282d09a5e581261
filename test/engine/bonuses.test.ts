/**
 * Stockholder bonuses (README "Bonuses"; 003 "Distributing stockholder bonuses" with its worked
 * examples; 001/004 tie rules). Classic pays majority 10x and minority 5x the price; Tycoon pays
 * primary, secondary and tertiary. Every split is rounded up to the next $100.
 */
import { describe, expect, it } from 'vitest';
import { distributeBonuses, type BonusMode, type Tier } from '../../src/engine/index.js';
import { cashAll, eventsOf, keep, place, play, scenario } from './helpers.js';

/** Bonus paid to each seat (0 for none), given each seat's shares. */
function bonuses(mode: BonusMode, tier: Tier, size: number, shares: number[]): number[] {
  const payouts = distributeBonuses(
    mode,
    tier,
    size,
    shares.map((count, seat) => ({ holder: seat, shares: count })),
  );
  return shares.map((_, seat) => payouts.find((payout) => payout.holder === seat)?.amount ?? 0);
}

describe('classic bonuses (majority 10x price, minority 5x)', () => {
  // Imperial with 5 tiles: $700 a share, majority $7,000, minority $3,500.
  it('majority and minority holders', () => {
    expect(bonuses('classic', 'expensive', 5, [3, 2, 0, 1])).toEqual([7000, 3500, 0, 0]);
  });

  it('a single holder takes both bonuses', () => {
    expect(bonuses('classic', 'expensive', 5, [0, 4, 0])).toEqual([0, 10500, 0]);
  });

  it('a tie for majority splits majority + minority, rounded up to $100, and pays no minority', () => {
    expect(bonuses('classic', 'expensive', 5, [3, 3, 1])).toEqual([5300, 5300, 0]); // 10,500 / 2 = 5,250
    expect(bonuses('classic', 'cheap', 2, [2, 2, 2, 1])).toEqual([1000, 1000, 1000, 0]); // 3,000 / 3
    expect(bonuses('classic', 'medium', 4, [5, 5, 5])).toEqual([2500, 2500, 2500]); // 7,500 / 3
    expect(bonuses('classic', 'medium', 2, [1, 1, 1])).toEqual([1500, 1500, 1500]); // 4,500 / 3
  });

  it('a tie for minority splits the minority, rounded up to $100', () => {
    expect(bonuses('classic', 'expensive', 5, [4, 2, 2, 1])).toEqual([7000, 1800, 1800, 0]); // 3,500 / 2 = 1,750
    expect(bonuses('classic', 'medium', 3, [4, 1, 1, 1])).toEqual([4000, 700, 700, 700]); // 2,000 / 3 = 666.67
  });

  it('uses the price row of the size: 6–10, 11–20 … 41+', () => {
    expect(bonuses('classic', 'cheap', 10, [1])).toEqual([6000 + 3000]);
    expect(bonuses('classic', 'cheap', 11, [2, 1])).toEqual([7000, 3500]);
    expect(bonuses('classic', 'medium', 41, [2, 1])).toEqual([11000, 5500]);
    expect(bonuses('classic', 'expensive', 41, [2, 1])).toEqual([12000, 6000]);
  });

  it('players without shares get nothing; nobody holding pays nothing', () => {
    expect(bonuses('classic', 'cheap', 4, [0, 0, 0])).toEqual([0, 0, 0]);
  });
});

describe('tycoon bonuses (file 003)', () => {
  // Imperial, 5 tiles: primary $7,000, secondary $5,000, tertiary $3,500.
  it('a single holder gets primary and tertiary, as 003 prints it', () => {
    expect(bonuses('tycoon', 'expensive', 5, [3, 0, 0])).toEqual([10500, 0, 0]);
  });

  it('with two holders the tertiary is not paid', () => {
    expect(bonuses('tycoon', 'expensive', 5, [3, 2, 0])).toEqual([7000, 5000, 0]);
    expect(bonuses('tycoon', 'expensive', 5, [3, 3])).toEqual([6000, 6000]);
  });

  it('two tied for primary take primary + secondary; two tied behind them split the tertiary', () => {
    expect(bonuses('tycoon', 'expensive', 5, [3, 3, 1, 1])).toEqual([6000, 6000, 1800, 1800]);
  });

  it('three tied for primary share all three bonuses', () => {
    expect(bonuses('tycoon', 'expensive', 5, [2, 2, 2, 1])).toEqual([5200, 5200, 5200, 0]); // 15,500 / 3 = 5,166.67
  });

  it('the secondary bonus follows its own table', () => {
    // The first row ($200) and the last three (41+ tiles of each tier).
    expect(bonuses('tycoon', 'cheap', 2, [3, 2, 1])).toEqual([2000, 1500, 1000]);
    expect(bonuses('tycoon', 'cheap', 41, [3, 2, 1])).toEqual([10000, 7000, 5000]);
    expect(bonuses('tycoon', 'medium', 41, [3, 2, 1])).toEqual([11000, 7700, 5500]);
    expect(bonuses('tycoon', 'expensive', 41, [3, 2, 1])).toEqual([12000, 8200, 6000]);
    expect(bonuses('tycoon', 'medium', 6, [3, 2, 1])).toEqual([7000, 5000, 3500]);
  });

  describe('the worked examples of file 003: Festival (7 tiles) absorbs Imperial (5 tiles)', () => {
    const board = `
      A FFFFFFF.IIII
      B ...........I
      C ............
      D ............
      E ............
      F ............
      G ............
      H ............
      I ............`;
    /** Liz, Charlie, Courtney and Amanda; Amanda places 8A. Returns each one's bonus. */
    function merge(imperial: [number, number, number, number]): number[] {
      const state = scenario({
        board,
        options: { bonusMode: 'tycoon' },
        current: 3,
        players: [
          { name: 'Liz', shares: { Imperial: imperial[0] } },
          { name: 'Charlie', shares: { Imperial: imperial[1] } },
          { name: 'Courtney', shares: { Imperial: imperial[2] } },
          { name: 'Amanda', shares: { Imperial: imperial[3] }, hand: ['8A'] },
        ],
      });
      const { state: after, events } = play(state, place('p3', '8A'));
      expect(eventsOf(events, 'bonusesPaid')[0]).toMatchObject({ chain: 'Imperial', sizeBefore: 5 });
      return cashAll(after).map((cash) => cash - 6000);
    }

    it('a standard merger: Liz (3) gets 7000, Charlie (2) gets 5000', () => {
      expect(merge([3, 2, 0, 0])).toEqual([7000, 5000, 0, 0]);
    });

    it('a tie for primary: Liz and Charlie (3 each) get 6000, Courtney (1) the tertiary 3500', () => {
      expect(merge([3, 3, 1, 0])).toEqual([6000, 6000, 3500, 0]);
    });

    it('a tie for secondary: Liz 7000, Charlie and Courtney (2 each) 4300, Amanda (1) nothing', () => {
      expect(merge([3, 2, 2, 1])).toEqual([7000, 4300, 4300, 0]);
    });

    it('a tie for tertiary: Liz 7000, Charlie 5000, Courtney and Amanda (1 each) 1800', () => {
      expect(merge([4, 3, 1, 1])).toEqual([7000, 5000, 1800, 1800]);
    });
  });
});

describe('bonuses in play', () => {
  it('are paid for a defunct chain at its size before the merger, before anyone sells', () => {
    const state = scenario({
      board: `
        A CCCCC.WWW...
        B ............
        C ............
        D ............
        E ............
        F ............
        G ............
        H ............
        I ............`,
      players: [{ hand: ['6A'], shares: { Worldwide: 1 } }, { shares: { Worldwide: 1 } }, { shares: { Worldwide: 3 } }],
    });
    const placed = play(state, place('p0', '6A')).state;
    // Worldwide, 3 tiles: $400; majority $4,000 to Cat, minority $2,000 split: $1,000 each.
    expect(cashAll(placed)).toEqual([7000, 7000, 10000]);
    const done = play(placed, keep('p0'), keep('p1'), keep('p2')).state;
    expect(cashAll(done)).toEqual([7000, 7000, 10000]);
  });
});
