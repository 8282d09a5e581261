/**
 * Player-to-player trades (README option `trades`; file 004 "Player-to-Player Trading"): off by
 * default; when on, only the player in turn, before placing a tile, offers shares and/or cash to
 * another player, who accepts or declines; the offer may be withdrawn.
 */
import { describe, expect, it } from 'vitest';
import { currentDecision, type Action, type Holdings } from '../../src/engine/index.js';
import { acceptShortfall, viewFor } from '../../src/engine/index.js';
import { cashAll, eventsOf, place, play, refused, scenario, sharesOf } from './helpers.js';

const board = `
  A LLL.........
  B ............
  C TT..........
  D ............
  E ............
  F ............
  G ............
  H ............
  I ............`;

const game = (trades = true) =>
  scenario({ board, options: { trades }, players: [{ hand: ['12I'], shares: { Luxor: 3 } }, { shares: { Tower: 2 } }, { hand: ['11I'] }] });

const offer = (player: string, to: string, give: Partial<Holdings>, receive: Partial<Holdings>): Action => ({
  type: 'offerTrade',
  player,
  to,
  give: { cash: 0, shares: {}, ...give },
  receive: { cash: 0, shares: {}, ...receive },
});
const answer = (player: string, accept: boolean): Action => ({ type: 'answerTrade', player, accept });
const withdraw = (player: string): Action => ({ type: 'withdrawTrade', player });

// Ann offers Ben 2 Luxor and $100 for his 2 Tower.
const annToBen = offer('p0', 'p1', { cash: 100, shares: { Luxor: 2 } }, { shares: { Tower: 2 } });

describe('trades between players', () => {
  it('are off by default', () => {
    expect(refused(game(false), annToBen, 'trade/not_allowed')).toBe('Trades between players are off in this game.');
    expect(currentDecision(game(false))).toMatchObject({ mayOfferTrade: false });
  });

  it('an accepted offer exchanges the holdings; the player then places a tile', () => {
    const offered = play(game(), annToBen).state;
    expect(currentDecision(offered)).toEqual({ kind: 'answerTrade', seat: 1, from: 0 });
    const { state, events } = play(offered, answer('p1', true));
    expect(cashAll(state)).toEqual([5900, 6100, 6000]);
    expect([sharesOf(state, 0, 'Luxor'), sharesOf(state, 0, 'Tower'), sharesOf(state, 1, 'Luxor'), sharesOf(state, 1, 'Tower')]).toEqual([1, 2, 2, 0]);
    expect(eventsOf(events, 'tradeAnswered')).toEqual([{ type: 'tradeAnswered', from: 0, to: 1, accepted: true }]);
    expect(currentDecision(state)).toMatchObject({ kind: 'placeTile', seat: 0 });
  });

  it('a declined offer changes nothing', () => {
    const state = play(game(), annToBen, answer('p1', false)).state;
    expect(cashAll(state)).toEqual([6000, 6000, 6000]);
    expect(sharesOf(state, 0, 'Luxor')).toBe(3);
    expect(currentDecision(state)).toMatchObject({ kind: 'placeTile', seat: 0 });
  });

  it('the offerer may withdraw the offer; nobody else may', () => {
    const offered = play(game(), annToBen).state;
    expect(refused(offered, withdraw('p2'), 'action/not_your_decision')).toMatch(/^It is not your decision now: waiting for Ben to answer a trade offer/);
    expect(refused(offered, withdraw('p1'), 'trade/not_allowed')).toBe('Only the player who made the offer can withdraw it.');
    const { state, events } = play(offered, withdraw('p0'));
    expect(eventsOf(events, 'tradeWithdrawn')).toEqual([{ type: 'tradeWithdrawn', from: 0, to: 1 }]);
    expect(currentDecision(state)).toMatchObject({ kind: 'placeTile', seat: 0 });
    expect(refused(offered, answer('p0', true), 'action/not_your_decision')).toMatch(/waiting for Ben/);
  });

  it('only the player in turn offers, and only before placing a tile', () => {
    expect(refused(game(), offer('p1', 'p0', { shares: { Tower: 1 } }, {}), 'action/not_your_decision')).toBe(
      'It is not your decision now: waiting for Ann to place a tile.',
    );
    const placed = play(game(), place('p0', '12I')).state;
    expect(refused(placed, annToBen, 'action/wrong_phase')).toBe('That is not possible now: waiting for Ann to buy shares.');
  });

  it('an offer must be possible for the offerer, and accepting it for the other player', () => {
    expect(refused(game(), offer('p0', 'p1', { shares: { Luxor: 4 } }, {}), 'trade/invalid')).toBe(
      'You cannot offer that: Ann holds fewer than 4 Luxor shares.',
    );
    expect(refused(game(), offer('p0', 'p0', { cash: 1 }, {}), 'trade/invalid')).toBe('Offer a trade to another player in this game.');
    expect(refused(game(), offer('p0', 'p1', {}, {}), 'trade/invalid')).toBe('A trade must exchange something.');
    expect(refused(game(), offer('p0', 'p1', { shares: { Hilton: 1 } }, {}), 'trade/invalid')).toBe('There is no chain called Hilton in this game.');
    // Open holdings: an offer the other player could not accept is refused when made.
    expect(refused(game(), offer('p0', 'p2', { cash: 100 }, { shares: { Tower: 2 } }), 'trade/invalid')).toBe(
      'That offer could not be accepted: Cat holds fewer than 2 Tower shares.',
    );
    expect(refused(game(), offer('p0', 'p1', { cash: 100 }, { cash: 7000 }), 'trade/invalid')).toBe(
      'That offer could not be accepted: Ben has less than $7,000.',
    );
    // Hidden holdings: the offer stands (refusing it would reveal Ben's holdings); his Accept is refused.
    const hidden = scenario({
      board,
      options: { trades: true, holdings: 'hidden' },
      players: [{ hand: ['12I'], shares: { Luxor: 3 } }, { shares: { Tower: 2 } }, { hand: ['11I'] }],
    });
    const greedy = play(hidden, offer('p0', 'p2', { cash: 100 }, { shares: { Tower: 2 } })).state;
    expect(acceptShortfall(viewFor(greedy, 'p2'))).toBe('you hold fewer than 2 Tower shares');
    expect(refused(greedy, answer('p2', true), 'trade/invalid')).toBe('You cannot accept: Cat holds fewer than 2 Tower shares.');
  });

  it('an offer asking for more than exists is refused, even with hidden holdings', () => {
    const hidden = scenario({
      board,
      options: { trades: true, holdings: 'hidden' },
      players: [{ hand: ['12I'], shares: { Luxor: 3 } }, { shares: { Tower: 2 } }, { hand: ['11I'] }],
    });
    // Two Tower shares are held by other players (the bank's 23 are public): 30 cannot be.
    expect(refused(hidden, offer('p0', 'p1', { cash: 100 }, { shares: { Tower: 30 } }), 'trade/invalid')).toBe(
      'Only 2 Tower shares are held by other players; you asked for 30.',
    );
    expect(refused(hidden, offer('p0', 'p1', { cash: 100 }, { cash: 9_999_999 }), 'trade/invalid')).toBe(
      'There is not that much cash among the other players.',
    );
  });

  it('at most three offers a turn', () => {
    const small = offer('p0', 'p1', { cash: 100 }, {});
    const state = play(game(), small, answer('p1', false), small, answer('p1', false), small, answer('p1', false)).state;
    expect(currentDecision(state)).toMatchObject({ mayOfferTrade: false });
    expect(refused(state, small, 'trade/not_allowed')).toBe('You may make at most 3 trade offers a turn.');
  });
});
