/**
 * Mergers (README "Merger"; 001 "Merging corporations", "Multiple mergers"; 003 steps 1–4):
 * the largest chain survives, ties are the mergemaker's, defunct chains go largest first, the
 * merging tile counts for nothing, and holders sell / trade 2-for-1 / keep from the mergemaker on.
 */
import { describe, expect, it } from 'vitest';
import { currentDecision, decidingSeat, netWorth, tileEffect, type GameState } from '../../src/engine/index.js';
import { cashAll, chain, dispose, eventsOf, keep, nextDefunct, place, play, refused, rows, scenario, sharesOf, survivor } from './helpers.js';

const EMPTY_ROWS = `
        F ............
        G ............
        H ............
        I ............`;

describe('a merger of two chains', () => {
  // Luxor 4 tiles, Tower 2 tiles; 5A joins them.
  const board = `
        A LLLL.TT.....
        B ............
        C ............
        D ............
        E ............${EMPTY_ROWS}`;
  const start = () => scenario({ board, players: [{ hand: ['5A'], shares: { Tower: 3 } }, { shares: { Tower: 2 } }, { shares: { Luxor: 1 } }] });

  it("the larger chain survives without asking, and the smaller one's bonuses are paid at once", () => {
    const { state, events } = play(start(), place('p0', '5A'));
    expect(eventsOf(events, 'survivorChosen')).toEqual([{ type: 'survivorChosen', chain: 'Luxor', defunct: ['Tower'] }]);
    // Tower had 2 tiles ($200): majority $2,000, minority $1,000. The merging tile is not counted
    // (with it Tower would be 3 tiles, $300, and pay $3,000 / $1,500).
    expect(cashAll(state)).toEqual([8000, 7000, 6000]);
    expect(currentDecision(state)).toMatchObject({ kind: 'disposeShares', seat: 0, defunct: 'Tower', survivor: 'Luxor', held: 3, price: 200 });
  });

  it('holders sell at the pre-merger price, trade 2 for 1, or keep; the survivor takes every tile', () => {
    const { state } = play(start(), place('p0', '5A'), dispose('p0', 1, 2), keep('p1'));
    expect(cashAll(state)).toEqual([8000 + 200, 7000, 6000]);
    expect([sharesOf(state, 0, 'Tower'), sharesOf(state, 0, 'Luxor')]).toEqual([0, 1]);
    expect(sharesOf(state, 1, 'Tower')).toBe(2);
    expect(chain(state, 'Tower')).toMatchObject({ size: 0, headquarters: null, bankShares: 23 });
    expect(chain(state, 'Luxor')).toMatchObject({ size: 7, bankShares: 23 });
    expect(rows(state, 'A')).toEqual(['A LLLLLLL.....']);
    // The mergemaker goes on to buy.
    expect(currentDecision(state)).toMatchObject({ kind: 'buyShares', seat: 0 });
  });

  it('a tie of size is broken by the mergemaker, who picks the survivor', () => {
    const state = scenario({
      board: `
        A LLL.TTT.....
        B ...x........
        C ............
        D ............
        E ............${EMPTY_ROWS}`,
      players: [{ hand: ['4A'] }, { shares: { Luxor: 2 } }, {}],
    });
    const placed = play(state, place('p0', '4A')).state;
    expect(currentDecision(placed)).toEqual({ kind: 'chooseSurvivor', seat: 0, candidates: ['Luxor', 'Tower'] });
    expect(refused(placed, survivor('p0', 'American'), 'merger/not_a_candidate')).toBe('American cannot survive: choose one of Luxor, Tower.');
    const { state: after, events } = play(placed, survivor('p0', 'Tower'));
    // Luxor, 3 tiles ($300), one holder: majority and minority, $4,500.
    expect(eventsOf(events, 'bonusesPaid')[0]).toMatchObject({ chain: 'Luxor', sizeBefore: 3, payouts: [{ holder: 1, shares: 2, amount: 4500 }] });
    const done = play(after, dispose('p1', 2)).state;
    expect(done.players[1]!.cash).toBe(6000 + 4500 + 600);
    // Both chains, the merging tile and the unincorporated tile it touches: 3 + 3 + 1 + 1.
    expect(chain(done, 'Tower').size).toBe(8);
    expect(rows(done, 'A', 'B')).toEqual(['A TTTTTTT.....', 'B ...T........']);
  });
});

describe('mergers of three and four chains', () => {
  // Around 6E: Luxor above (5 tiles), Tower left (3), American right (3 or 2), Worldwide below (2).
  const fourChains = `
        A ....LL......
        B .....L......
        C .....L......
        D .....L......
        E ..TTT.AAA...
        F .....W......
        G .....W......
        H ............
        I ............`;

  it('defunct chains are wound up one at a time, largest first', () => {
    const state = scenario({
      board: `
        A ....LL......
        B .....L......
        C .....L......
        D .....L......
        E ..TTT.AA....${EMPTY_ROWS}`,
      players: [{ hand: ['6E'] }, { shares: { Tower: 2 } }, { shares: { American: 1 } }],
    });
    const placed = play(state, place('p0', '6E'));
    // Tower (3 tiles) first: its bonuses are paid and its holder decides before American's are.
    expect(eventsOf(placed.events, 'bonusesPaid').map((event) => event.chain)).toEqual(['Tower']);
    expect(currentDecision(placed.state)).toMatchObject({ kind: 'disposeShares', seat: 1, defunct: 'Tower' });
    const second = play(placed.state, keep('p1'));
    expect(eventsOf(second.events, 'bonusesPaid').map((event) => event.chain)).toEqual(['American']);
    expect(currentDecision(second.state)).toMatchObject({ kind: 'disposeShares', seat: 2, defunct: 'American', price: 300 });
    const done = play(second.state, dispose('p2', 1)).state;
    // Tower 3 tiles ($300): $4,500 to its only holder; American 2 tiles ($300): $4,500, then $300 for the sale.
    expect(cashAll(done)).toEqual([6000, 10500, 10800]);
    expect(chain(done, 'Luxor')).toMatchObject({ size: 11 });
    expect(rows(done, 'E')).toEqual(['E ..LLLLLL....']);
  });

  it('the mergemaker chooses the order of equal-size defunct chains', () => {
    const state = scenario({
      board: fourChains,
      players: [{ hand: ['6E'], shares: { American: 2 } }, { shares: { Tower: 1 } }, { shares: { Worldwide: 1 } }],
    });
    const placed = play(state, place('p0', '6E')).state;
    expect(currentDecision(placed)).toEqual({ kind: 'chooseNextDefunct', seat: 0, candidates: ['Tower', 'American'], survivor: 'Luxor' });
    expect(refused(placed, nextDefunct('p0', 'Worldwide'), 'merger/not_a_candidate')).toBe('Worldwide is not next: choose one of Tower, American.');
    const { state: done, events } = play(placed, nextDefunct('p0', 'American'), keep('p0'), keep('p1'), keep('p2'));
    expect(eventsOf(events, 'bonusesPaid').map((event) => event.chain)).toEqual(['American', 'Tower', 'Worldwide']);
    expect(eventsOf(events, 'chainDefunct').map((event) => event.chain)).toEqual(['American', 'Tower', 'Worldwide']);
    expect(chain(done, 'Luxor').size).toBe(5 + 3 + 3 + 2 + 1);
    expect(done.chains.filter((c) => c.headquarters !== null).map((c) => c.name)).toEqual(['Luxor']);
  });

  it('with every chain the same size, the mergemaker picks the survivor and then the order', () => {
    const state = scenario({
      board: `
        A ............
        B ............
        C .....L......
        D .....L......
        E ...TT.AA....${EMPTY_ROWS}`,
      players: [{ hand: ['6E'] }, {}, {}],
    });
    const placed = play(state, place('p0', '6E')).state;
    expect(currentDecision(placed)).toMatchObject({ kind: 'chooseSurvivor', candidates: ['Luxor', 'Tower', 'American'] });
    const chosen = play(placed, survivor('p0', 'American')).state;
    expect(currentDecision(chosen)).toMatchObject({ kind: 'chooseNextDefunct', candidates: ['Luxor', 'Tower'], survivor: 'American' });
    const done = play(chosen, nextDefunct('p0', 'Tower')).state;
    expect(chain(done, 'American').size).toBe(7);
    expect(rows(done, 'C', 'D', 'E')).toEqual(['C .....A......', 'D .....A......', 'E ...AAAAA....']);
  });
});

describe('selling, trading and keeping', () => {
  const board = `
        A LLLL.TT.....
        B ............
        C ............
        D ............
        E ............${EMPTY_ROWS}`;

  it('holders decide in seat order starting from the mergemaker', () => {
    const state = scenario({
      board,
      current: 2,
      players: [{ shares: { Tower: 1 } }, { shares: { Tower: 1 } }, { hand: ['5A'] }, { shares: { Tower: 1 } }],
    });
    let s: GameState = play(state, place('p2', '5A')).state;
    const order: (number | null)[] = [];
    while (s.phase.kind === 'merger') {
      const seat = decidingSeat(s)!;
      order.push(seat);
      s = play(s, keep(`p${seat}`)).state;
    }
    // The mergemaker (seat 2) holds none, so seat 3 decides first, then 0 and 1.
    expect(order).toEqual([3, 0, 1]);
  });

  it('the mergemaker decides first when they hold shares', () => {
    const state = scenario({ board, current: 1, players: [{ shares: { Tower: 1 } }, { hand: ['5A'], shares: { Tower: 1 } }, { shares: { Tower: 1 } }] });
    const placed = play(state, place('p1', '5A')).state;
    expect(decidingSeat(placed)).toBe(1);
    expect(refused(placed, keep('p0'), 'action/not_your_decision')).toBe('It is not your decision now: waiting for Ben to decide about their Tower shares.');
  });

  it("trades are limited by the survivor's shares left in the bank", () => {
    const state = scenario({ board, players: [{ hand: ['5A'], shares: { Tower: 6 } }, {}, { shares: { Luxor: 23 } }] });
    const placed = play(state, place('p0', '5A')).state;
    // The bank holds 2 Luxor shares: at most 4 Tower shares can be traded.
    expect(currentDecision(placed)).toMatchObject({ held: 6, maxTrade: 4 });
    expect(refused(placed, dispose('p0', 0, 6), 'shares/bank_short')).toBe('The bank has only 2 Luxor shares, enough for trading 4.');
    const done = play(placed, dispose('p0', 2, 4)).state;
    expect([sharesOf(done, 0, 'Tower'), sharesOf(done, 0, 'Luxor'), chain(done, 'Luxor').bankShares]).toEqual([0, 2, 0]);
    // $3,000 bonus (sole holder of a 2-tile Tower) and 2 sold at $200.
    expect(done.players[0]!.cash).toBe(6000 + 3000 + 400);
  });

  it('refuses odd trades, more shares than held and negative counts', () => {
    const state = scenario({ board, players: [{ hand: ['5A'], shares: { Tower: 3 } }, {}, {}] });
    const placed = play(state, place('p0', '5A')).state;
    expect(refused(placed, dispose('p0', 0, 1), 'shares/bad_count')).toBe('Shares are traded two for one: trade an even number of Tower shares.');
    expect(refused(placed, dispose('p0', 2, 2), 'shares/not_enough_held')).toBe('You hold 3 Tower shares, not 4.');
    expect(refused(placed, dispose('p0', -1, 0), 'shares/bad_count')).toBe('Share counts must be whole numbers, zero or more.');
  });

  it('kept shares of the defunct chain stay with their holder, worth nothing until it is founded again', () => {
    const state = scenario({ board, players: [{ hand: ['5A'] }, { shares: { Tower: 4 } }, {}] });
    const done = play(state, place('p0', '5A'), keep('p1')).state;
    expect(sharesOf(done, 1, 'Tower')).toBe(4);
    expect(chain(done, 'Tower').bankShares).toBe(21);
    expect(chain(done, 'Tower').headquarters).toBeNull();
    // $3,000 bonus as sole holder of a 2-tile Tower; the four kept shares add nothing.
    expect(netWorth(done, 1)).toBe(9000);
    expect(currentDecision(done)).toMatchObject({ kind: 'buyShares', seat: 0 });
  });
});

describe('safe chains', () => {
  it('a safe chain absorbs a smaller one and is never absorbed', () => {
    const state = scenario({
      board: `
        A TTTTTTTTTTT.
        B ..........T.
        C LLLLLLLLLL..
        D ............
        E ............${EMPTY_ROWS}`,
      players: [{ hand: ['11C'] }, { shares: { Luxor: 1 } }, {}],
    });
    expect(tileEffect(state, '11C')).toMatchObject({ kind: 'merge', chains: ['Tower', 'Luxor'] });
    const { state: placed, events } = play(state, place('p0', '11C'));
    expect(eventsOf(events, 'survivorChosen')).toEqual([{ type: 'survivorChosen', chain: 'Tower', defunct: ['Luxor'] }]);
    const done = play(placed, keep('p1')).state;
    expect(chain(done, 'Tower').size).toBe(12 + 10 + 1);
  });

  it('a tile that would merge two safe chains is refused with a readable message', () => {
    const state = scenario({
      board: `
        A ............
        B TTTTTTTTTTT.
        C ............
        D LLLLLLLLLLL.
        E ............${EMPTY_ROWS}`,
      players: [{ hand: ['9C', '12I'] }, {}, {}],
    });
    const before = structuredClone(state);
    expect(refused(state, place('p0', '9C'), 'tile/unplayable')).toBe('9C would merge two safe chains (Tower and Luxor), so it can never be played.');
    expect(state).toEqual(before);
    expect(tileEffect(state, '9C')).toMatchObject({ playable: false, permanent: true, chains: ['Tower', 'Luxor'] });
  });

  it('so is a tile that would merge two safe chains and an unsafe one', () => {
    const state = scenario({
      board: `
        A ............
        B TTTTTTTTTTT.
        C AA.........W
        D LLLLLLLLLLL.
        E ............${EMPTY_ROWS}`,
      players: [{ hand: ['3C'] }, {}, {}],
    });
    expect(refused(state, place('p0', '3C'), 'tile/unplayable')).toMatch(/^3C would merge two safe chains \(Tower and Luxor\)/);
  });
});
