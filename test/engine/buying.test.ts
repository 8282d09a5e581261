/** Buying shares (README "Buying"; 001 "Buying Stocks"; 003 "Running out of money"). */
import { describe, expect, it } from 'vitest';
import { canBuyAnything, currentDecision, purchaseOptions } from '../../src/engine/index.js';
import { buy, cashOf, chain, eventsOf, keep, place, play, refused, scenario, sharesOf } from './helpers.js';

const board = `
  A LLLL.TT.....
  B ............
  C ............
  D ...CC.......
  E ............
  F ............
  G ............
  H ............
  I ............`;

/** Seat 0 has placed 12I (nothing happens) and is buying. */
function buying(p0: { cash?: number; shares?: Record<string, number> } = {}, others: Record<string, number> = {}) {
  const state = scenario({ board, players: [{ hand: ['12I', '5A'], ...p0 }, { shares: others }, {}] });
  return play(state, place('p0', '12I')).state;
}

describe('buying shares', () => {
  it('up to three shares of active chains, in any mix, at the current prices', () => {
    const state = buying();
    expect(currentDecision(state)).toMatchObject({ kind: 'buyShares', seat: 0 });
    // Luxor 4 tiles $400, Continental 2 tiles $400.
    const { state: after, events } = play(state, buy('p0', 'Luxor', 'Luxor', 'Continental'));
    expect(cashOf(after, 0)).toBe(6000 - 1200);
    expect([sharesOf(after, 0, 'Luxor'), sharesOf(after, 0, 'Continental')]).toEqual([2, 1]);
    expect([chain(after, 'Luxor').bankShares, chain(after, 'Continental').bankShares]).toEqual([23, 24]);
    expect(eventsOf(events, 'sharesBought')).toEqual([{ type: 'sharesBought', seat: 0, chains: ['Luxor', 'Luxor', 'Continental'], cost: 1200 }]);
    // Then the player draws back to six and the turn passes.
    expect(after.players[0]!.hand).toHaveLength(6);
    expect(after.currentPlayer).toBe(1);
  });

  it('buying nothing is allowed', () => {
    const after = play(buying(), buy('p0')).state;
    expect(cashOf(after, 0)).toBe(6000);
    expect(after.currentPlayer).toBe(1);
  });

  it('never more than three a turn', () => {
    expect(refused(buying(), buy('p0', 'Luxor', 'Luxor', 'Tower', 'Tower'), 'buy/too_many')).toBe('You may buy at most 3 shares a turn.');
  });

  it('only chains on the board', () => {
    expect(refused(buying(), buy('p0', 'Imperial'), 'buy/inactive_chain')).toBe('Imperial is not on the board, so its shares cannot be bought.');
  });

  it('never more than the bank holds', () => {
    const state = buying({}, { Tower: 24 });
    expect(refused(state, buy('p0', 'Tower', 'Tower'), 'shares/bank_short')).toBe('The bank has only 1 Tower shares left.');
    expect(sharesOf(play(state, buy('p0', 'Tower')).state, 0, 'Tower')).toBe(1);
    expect(purchaseOptions(state, 0).filter((basket) => basket.filter((name) => name === 'Tower').length > 1)).toEqual([]);
  });

  it('no loans: cash never goes below zero', () => {
    const state = buying({ cash: 1000 });
    expect(refused(state, buy('p0', 'Luxor', 'Luxor', 'Luxor'), 'buy/not_enough_cash')).toBe('Those shares cost $1,200 and you have $1,000.');
    expect(cashOf(play(state, buy('p0', 'Luxor', 'Tower', 'Tower')).state, 0)).toBe(200);
  });

  it('a player who cannot afford any share is not asked: the turn passes', () => {
    const state = scenario({ board, players: [{ hand: ['12I'], cash: 100 }, {}, {}] });
    expect(canBuyAnything(state, 0)).toBe(false);
    const { state: after, events } = play(state, place('p0', '12I'));
    expect(after.currentPlayer).toBe(1);
    expect(eventsOf(events, 'sharesBought')).toEqual([]);
    expect(cashOf(after, 0)).toBe(100);
  });

  it("prices are those after this turn's placement", () => {
    const state = scenario({ board, players: [{ hand: ['6D'] }, {}, {}] });
    // Continental grows from 2 tiles ($400) to 3 ($500) before the purchase.
    const after = play(state, place('p0', '6D'), buy('p0', 'Continental', 'Continental')).state;
    expect(cashOf(after, 0)).toBe(5000);
  });

  it("prices are those after this turn's merger: the survivor at its new size, the defunct chain no more", () => {
    const state = scenario({ board, players: [{ hand: ['5A'] }, { shares: { Tower: 1 } }, {}] });
    const merged = play(state, place('p0', '5A'), keep('p1')).state;
    // Luxor 4 + 2 + 1 = 7 tiles: $600.
    expect(refused(merged, buy('p0', 'Tower'), 'buy/inactive_chain')).toMatch(/^Tower is not on the board/);
    expect(cashOf(play(merged, buy('p0', 'Luxor', 'Luxor', 'Luxor')).state, 0)).toBe(6000 - 1800);
  });

  it('chain names are matched without regard to case; unknown names are refused', () => {
    expect(sharesOf(play(buying(), buy('p0', 'luxor')).state, 0, 'Luxor')).toBe(1);
    expect(refused(buying(), buy('p0', 'Sackson'), 'chain/unknown')).toBe('There is no chain called Sackson in this game.');
  });
});
