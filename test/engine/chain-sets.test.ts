/** Chain names and tiers (README option "Chain names and tiers") and the price table. */
import { describe, expect, it } from 'vitest';
import { CHAIN_SETS, sharePrice, sharePriceOf, type Tier } from '../../src/engine/index.js';
import { formatBoard, found, place, play, refused, scenario } from './helpers.js';

describe('chain sets', () => {
  it('classic: cheap Luxor, Tower; medium American, Worldwide, Festival; expensive Imperial, Continental', () => {
    expect(CHAIN_SETS.classic.map((chain) => `${chain.name}:${chain.tier}`)).toEqual([
      'Luxor:cheap',
      'Tower:cheap',
      'American:medium',
      'Worldwide:medium',
      'Festival:medium',
      'Imperial:expensive',
      'Continental:expensive',
    ]);
  });

  it('2008: cheap Worldwide, Sackson; medium Festival, Imperial, American; expensive Continental, Tower', () => {
    expect(CHAIN_SETS.set2008.map((chain) => `${chain.name}:${chain.tier}`)).toEqual([
      'Worldwide:cheap',
      'Sackson:cheap',
      'Festival:medium',
      'Imperial:medium',
      'American:medium',
      'Continental:expensive',
      'Tower:expensive',
    ]);
  });

  it('the same chain name is priced by the tier of the chosen set', () => {
    const board = `
      A TT..........
      B ............
      C ............
      D ............
      E ............
      F ............
      G ............
      H ............
      I ............`;
    expect(sharePriceOf(scenario({ board, players: [{}, {}, {}] }), 'Tower')).toBe(200);
    expect(sharePriceOf(scenario({ board, options: { chainSet: 'set2008' }, players: [{}, {}, {}] }), 'Tower')).toBe(400);
  });

  it("only the chosen set's chains can be founded", () => {
    const board = `
      A x...........
      B ............
      C ............
      D ............
      E ............
      F ............
      G ............
      H ............
      I ............`;
    const classic = play(scenario({ board, players: [{ hand: ['2A'] }, {}, {}] }), place('p0', '2A')).state;
    expect(refused(classic, found('p0', 'Sackson'), 'chain/unknown')).toBe('There is no chain called Sackson in this game.');
    const set2008 = play(scenario({ board, options: { chainSet: 'set2008' }, players: [{ hand: ['2A'] }, {}, {}] }), place('p0', '2A')).state;
    expect(refused(set2008, found('p0', 'Luxor'), 'chain/unknown')).toBe('There is no chain called Luxor in this game.');
    const founded = play(set2008, found('p0', 'Sackson')).state;
    expect(formatBoard(founded).split('\n')[0]).toBe('A SS..........');
    expect(sharePriceOf(founded, 'Sackson')).toBe(200);
  });
});

describe('the price table', () => {
  const sizes = [2, 3, 4, 5, 6, 10, 11, 20, 21, 30, 31, 40, 41, 60];
  const table: Record<Tier, number[]> = {
    cheap: [200, 300, 400, 500, 600, 600, 700, 700, 800, 800, 900, 900, 1000, 1000],
    medium: [300, 400, 500, 600, 700, 700, 800, 800, 900, 900, 1000, 1000, 1100, 1100],
    expensive: [400, 500, 600, 700, 800, 800, 900, 900, 1000, 1000, 1100, 1100, 1200, 1200],
  };
  for (const tier of ['cheap', 'medium', 'expensive'] as const) {
    it(`${tier} chains`, () => {
      expect(sizes.map((size) => sharePrice(tier, size))).toEqual(table[tier]);
      expect(sharePrice(tier, 0)).toBe(0);
    });
  }
});
