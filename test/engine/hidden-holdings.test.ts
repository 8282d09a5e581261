/**
 * Hidden holdings (README option `holdings`; 001 "Show or hide assets"; 003 setup step 7): only
 * the bank's counts are public; each player sees their own cash and shares; everything is shown
 * once the game is over.
 */
import { describe, expect, it } from 'vitest';
import { ANOTHER_HOLDER, decidingSeat, spectatorView, viewFor, type GameState } from '../../src/engine/index.js';
import { buy, declareEnd, keep, place, play, scenario } from './helpers.js';

const board = `
  A LLLLLLLLLLL.
  B ............
  C ............
  D ............
  E ............
  F ............
  G ............
  H ............
  I ............`;

function game(holdings: 'open' | 'hidden'): GameState {
  const state = scenario({
    board,
    options: { holdings, trades: true },
    players: [{ hand: ['12I', '1I'], cash: 5000, shares: { Luxor: 3 } }, { hand: ['5E'], cash: 7000, shares: { Luxor: 1 } }, { hand: ['10I'] }],
  });
  return play(state, place('p0', '12I'), buy('p0', 'Luxor')).state;
}

describe('hidden holdings', () => {
  it("each player sees their own cash and shares, not anyone else's", () => {
    const view = viewFor(game('hidden'), 'p1');
    expect(view.players.map((player) => player.cash)).toEqual([null, 7000, null]);
    expect(view.players.map((player) => player.shares?.[0] ?? null)).toEqual([null, 1, null]);
  });

  it("a spectator sees nobody's holdings", () => {
    const view = spectatorView(game('hidden'));
    expect(view.players.every((player) => player.cash === null && player.shares === null)).toBe(true);
  });

  it("the bank's counts are each player's to see, not the public's (counted move by move they would tell who bought what)", () => {
    expect(spectatorView(game('hidden')).chains[0]).toMatchObject({ name: 'Luxor', bankShares: null, price: 700 });
    expect(viewFor(game('hidden'), 'p1').chains[0]).toMatchObject({ name: 'Luxor', bankShares: 25 - 3 - 1 - 1, price: 700 });
    expect(spectatorView(game('open')).chains[0]).toMatchObject({ bankShares: 25 - 3 - 1 - 1 });
  });

  it('the net worth history is hidden until the game ends', () => {
    const state = game('hidden');
    expect(state.netWorthHistory).toHaveLength(1);
    expect(viewFor(state, 'p0').netWorthHistory).toBeNull();
    const over = play(state, place('p1', '5E'), declareEnd('p1'), buy('p1')).state;
    const view = viewFor(over, 'p2');
    expect(view.netWorthHistory).toEqual(over.netWorthHistory);
    expect(view.players.map((player) => player.cash)).toEqual(over.players.map((player) => player.cash));
  });

  it('the terms of a trade offer are shown only to the two players trading', () => {
    const state = play(game('hidden'), {
      type: 'offerTrade',
      player: 'p1',
      to: 'p2',
      give: { cash: 500, shares: {} },
      receive: { cash: 0, shares: { Luxor: 1 } },
    }).state;
    const terms = (seat: string | null) => {
      const phase = viewFor(state, seat).phase;
      return phase.kind === 'tradeOffer' ? phase.offer.give.cash : undefined;
    };
    expect([terms('p1'), terms('p2'), terms('p0'), terms(null)]).toEqual([500, 500, 0, 0]);
  });
});

const MERGER_BOARD = `
  A LLLL.TT.....
  B ............
  C ............
  D ............
  E ............
  F ............
  G ............
  H ............
  I ............`;

describe('a merger under hidden holdings', () => {
  // Luxor 4 tiles, Tower 2; p0 joins them with 5A and holds no Tower: the holders given decide.
  const merging = (...holders: number[]): GameState =>
    play(
      scenario({
        board: MERGER_BOARD,
        options: { holdings: 'hidden' },
        players: [0, 1, 2, 3].map((seat) => ({ hand: seat === 0 ? ['5A'] : [], shares: { Tower: holders.includes(seat) ? 2 : 0 } })),
      }),
      place('p0', '5A'),
    ).state;
  const holdersSeenBy = (state: GameState, viewer: string | null) => {
    const phase = viewFor(state, viewer).phase;
    return phase.kind === 'merger' ? phase.merger.current?.holdersToDecide : phase.kind;
  };

  it('tells nobody who holds the defunct chain: games differing only in its holder look the same to everyone else', () => {
    const [byP1, byP3] = [merging(1), merging(3)];
    expect([decidingSeat(byP1), decidingSeat(byP3)]).toEqual([1, 3]);
    for (const viewer of ['p0', 'p2', null]) expect(viewFor(byP1, viewer), `${viewer}`).toEqual(viewFor(byP3, viewer));
    expect(holdersSeenBy(byP1, 'p2')).toEqual([ANOTHER_HOLDER]);
    // Once the merger is over, nothing tells who decided either.
    const [afterP1, afterP3] = [play(byP1, keep('p1')).state, play(byP3, keep('p3')).state];
    for (const viewer of ['p0', 'p2', null]) expect(viewFor(afterP1, viewer), `${viewer}`).toEqual(viewFor(afterP3, viewer));
  });

  it('tells a holder only whether it decides now, later, or no more', () => {
    const state = merging(1, 3);
    expect([holdersSeenBy(state, 'p1'), holdersSeenBy(state, 'p3'), holdersSeenBy(state, 'p2')]).toEqual([[1], [ANOTHER_HOLDER, 3], [ANOTHER_HOLDER]]);
    const next = play(state, keep('p1')).state;
    expect([holdersSeenBy(next, 'p1'), holdersSeenBy(next, 'p3')]).toEqual([[ANOTHER_HOLDER], [3]]);
    // With open holdings everyone can count the holders anyway: the whole list.
    const open = play(
      scenario({ board: MERGER_BOARD, players: [{ hand: ['5A'] }, { shares: { Tower: 2 } }, {}, { shares: { Tower: 2 } }] }),
      place('p0', '5A'),
    ).state;
    expect(holdersSeenBy(open, 'p2')).toEqual([1, 3]);
  });
});

describe('open holdings (default)', () => {
  it("everyone's cash, shares and net worth history are public", () => {
    const state = game('open');
    const view = spectatorView(state);
    expect(view.players.map((player) => player.cash)).toEqual([4300, 7000, 6000]);
    expect(view.players.map((player) => player.shares![0])).toEqual([4, 1, 0]);
    expect(view.netWorthHistory).toEqual([[4300 + 4 * 700, 7000 + 700, 6000]]);
  });
});
