/** The baseline computer player follows ../shared/ai/baseline.md rule by rule. */
import { describe, expect, it } from 'vitest';
import { baselineAction } from '../../src/ai/baseline.js';
import { scenario } from '../../src/engine/notation.js';
import { play, place } from '../engine/helpers.js';

const board = `
  A LLLL.TT.....
  B ............
  C x...........
  D ...CC.......
  E ............
  F ............
  G ............
  H ............
  I ............`;

describe('the baseline player', () => {
  it('places the tile that founds a chain before one that grows a chain it holds, and that before nothing', () => {
    // 12I stands alone, 5A grows Luxor (held 2: 50 + 10), 2C founds a chain next to 1C (+100).
    const state = scenario({ board, players: [{ hand: ['12I', '5A', '2C'], shares: { Luxor: 2 } }, {}] });
    expect(baselineAction(state, 0)).toEqual({ type: 'placeTile', player: 'p0', tile: '2C' });
    const noFounding = scenario({ board, players: [{ hand: ['12I', '5A'], shares: { Luxor: 2 } }, {}] });
    expect(baselineAction(noFounding, 0)).toEqual({ type: 'placeTile', player: 'p0', tile: '5A' });
    // Growing a chain it does not hold scores nothing: the first tile in hand order wins the tie.
    const unheld = scenario({ board, players: [{ hand: ['12I', '5A'] }, {}] });
    expect(baselineAction(unheld, 0)).toEqual({ type: 'placeTile', player: 'p0', tile: '12I' });
  });

  it('founds an expensive chain when it has $1,500 or more, else the cheapest tier with a chain free', () => {
    const rich = play(scenario({ board, players: [{ hand: ['2C'] }, {}] }), place('p0', '2C')).state;
    expect(baselineAction(rich, 0)).toEqual({ type: 'foundChain', player: 'p0', chain: 'Imperial' });
    const poor = play(scenario({ board, players: [{ hand: ['2C'], cash: 1000 }, {}] }), place('p0', '2C')).state;
    // Both cheap chains (Tower, Luxor) are on the board: the first medium one, in chain order.
    expect(baselineAction(poor, 0)).toEqual({ type: 'foundChain', player: 'p0', chain: 'American' });
  });

  it('buys by its score: a chain it holds first, then large, then another chain', () => {
    // After placing 12I it buys: Luxor held 3 (20 + 9 + 15 + 8 + 0) beats Continental (15 + 4 + 10).
    const state = play(scenario({ board, players: [{ hand: ['12I'], shares: { Luxor: 3 } }, {}] }), place('p0', '12I')).state;
    expect(baselineAction(state, 0)).toEqual({ type: 'buyShares', player: 'p0', chains: ['Luxor', 'Luxor', 'Luxor'] });
    const none = play(scenario({ board, players: [{ hand: ['12I'] }, {}] }), place('p0', '12I')).state;
    // Continental (15 + 4 + 10 = 29) over Luxor (15 + 8 = 23) and Tower (15 + 4 = 19); then Luxor
    // (23) over Tower (19) and Continental again (4 + 10 = 14); then Tower (19).
    expect(baselineAction(none, 0)).toEqual({ type: 'buyShares', player: 'p0', chains: ['Continental', 'Luxor', 'Tower'] });
  });

  it('declines every trade offer', () => {
    const state = scenario({
      board,
      options: { trades: true },
      players: [{ hand: ['12I'], shares: { Luxor: 2 } }, {}],
      phase: { kind: 'tradeOffer', offer: { from: 0, to: 1, give: { cash: 5000, shares: {} }, receive: { cash: 0, shares: {} } }, redrawn: false, tradeOffers: 1 },
    });
    expect(baselineAction(state, 1)).toEqual({ type: 'answerTrade', player: 'p1', accept: false });
  });
});
