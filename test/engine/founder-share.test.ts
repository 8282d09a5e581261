/**
 * The founder's share (README option `founderShare`; 000–002: none when the bank has none left;
 * 003 "Rare cases" and 004: cash equal to one share's price instead).
 */
import { describe, expect, it } from 'vitest';
import { eventsOf, found, play, place, scenario, sharesOf, chain } from './helpers.js';

const board = `
  A x.x.........
  B ............
  C ............
  D ............
  E ............
  F ............
  G ............
  H ............
  I ............`;

const founding = (heldByOthers: number, options = {}) =>
  scenario({ board, options, players: [{ hand: ['2A'], cash: 100 }, { shares: { Imperial: heldByOthers } }, {}] });

describe("the founder's share", () => {
  it('is a free share from the bank', () => {
    const { state, events } = play(founding(0), place('p0', '2A'), found('p0', 'Imperial'));
    expect(sharesOf(state, 0, 'Imperial')).toBe(1);
    expect(chain(state, 'Imperial').bankShares).toBe(24);
    expect(eventsOf(events, 'chainFounded')[0]).toMatchObject({ founderReward: 'share', cash: 0 });
  });

  it('is the last share when only one is left', () => {
    const { state } = play(founding(24), place('p0', '2A'), found('p0', 'Imperial'));
    expect([sharesOf(state, 0, 'Imperial'), chain(state, 'Imperial').bankShares]).toEqual([1, 0]);
  });

  it('`none` (default): with no share left the founder gets nothing', () => {
    const { state, events } = play(founding(25), place('p0', '2A'), found('p0', 'Imperial'));
    expect(sharesOf(state, 0, 'Imperial')).toBe(0);
    expect(state.players[0]!.cash).toBe(100);
    expect(eventsOf(events, 'chainFounded')[0]).toMatchObject({ founderReward: 'none', cash: 0 });
  });

  it("`cash`: with no share left the founder gets one share's price in cash", () => {
    const { state, events } = play(founding(25, { founderShare: 'cash' }), place('p0', '2A'), found('p0', 'Imperial'));
    // Imperial founded with 3 tiles: $500.
    expect(state.players[0]!.cash).toBe(600);
    expect(sharesOf(state, 0, 'Imperial')).toBe(0);
    expect(eventsOf(events, 'chainFounded')[0]).toMatchObject({ founderReward: 'cash', cash: 500, size: 3 });
  });

  it('`cash` still gives the share itself while the bank has one', () => {
    const { state } = play(founding(0, { founderShare: 'cash' }), place('p0', '2A'), found('p0', 'Luxor'));
    expect([sharesOf(state, 0, 'Luxor'), state.players[0]!.cash]).toEqual([1, 100]);
  });
});
