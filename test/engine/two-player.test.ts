/**
 * The two-player rule (README option; 001 "Special rules for two players"; 003 "Playing a
 * two-player game"): the bank is a third stockholder holding as many shares as the number on a
 * tile drawn at random (and put back); a bonus it wins stays in the bank. Classic bonuses only.
 */
import { describe, expect, it } from 'vitest';
import { SetupError, createGame, tileIndex } from '../../src/engine/index.js';
import { buy, cashAll, declareEnd, eventsOf, place, play, scenario } from './helpers.js';

// Luxor 4 tiles, Tower 2 tiles ($200: majority 2,000, minority 1,000); 5A merges them.
const board = `
  A LLLL.TT.....
  B ............
  C ............
  D ............
  E ............
  F ............
  G ............
  H ............
  I ............`;

const twoPlayers = (tower: [number, number], bag: string[], options = {}) =>
  scenario({ board, bag, options, players: [{ hand: ['5A'], shares: { Tower: tower[0] } }, { shares: { Tower: tower[1] } }] });

describe('the bank as third stockholder', () => {
  it('holds the number on a tile drawn from the bag; the bonus it wins stays in the bank', () => {
    const state = twoPlayers([5, 3], ['9F']);
    expect(state.options.twoPlayerBank).toBe(true);
    const { state: after, events } = play(state, place('p0', '5A'));
    expect(eventsOf(events, 'bankStockholder')).toEqual([{ type: 'bankStockholder', chain: 'Tower', shares: 9 }]);
    expect(eventsOf(events, 'bonusesPaid')[0]!.payouts).toEqual([
      { holder: 'bank', shares: 9, amount: 2000 },
      { holder: 0, shares: 5, amount: 1000 },
    ]);
    expect(cashAll(after)).toEqual([7000, 6000]);
    // The tile goes back: the bag is as it was.
    expect(after.bag).toEqual(['9F']);
  });

  it('loses to larger holders like anyone else', () => {
    const after = play(twoPlayers([5, 3], ['1F']), place('p0', '5A')).state;
    expect(cashAll(after)).toEqual([8000, 7000]);
  });

  it('ties like anyone else: tied with Ann for majority, they split majority and minority', () => {
    const { state: after, events } = play(twoPlayers([3, 1], ['3F']), place('p0', '5A'));
    expect(eventsOf(events, 'bonusesPaid')[0]!.payouts.map((payout) => [payout.holder, payout.amount])).toEqual([
      [0, 1500],
      ['bank', 1500],
    ]);
    expect(cashAll(after)).toEqual([7500, 6000]);
  });

  it('the draw is random but seeded: same state, same draw; always a number on a bag tile', () => {
    const bag = ['1F', '4G', '7H', '12I', '2E'];
    const columns = bag.map((tile) => ((tileIndex(tile) ?? 0) % 12) + 1);
    for (const rng of [1, 2, 3, 99, 12345]) {
      const state = { ...twoPlayers([1, 1], bag), rng };
      const first = eventsOf(play(state, place('p0', '5A')).events, 'bankStockholder')[0]!;
      const again = eventsOf(play(state, place('p0', '5A')).events, 'bankStockholder')[0]!;
      expect(first).toEqual(again);
      expect(columns).toContain(first.shares);
    }
  });

  it('competes again in the final scoring', () => {
    const state = scenario({
      board: `
        A LLLLLLLLLLLL
        B LLLLLLLLLLLL
        C LLLLLLLLLLLL
        D LLLL........
        E ............
        F ............
        G ............
        H ............
        I ............`,
      bag: ['12F'],
      players: [{ hand: ['5D'], shares: { Luxor: 5 } }, { shares: { Luxor: 3 } }],
    });
    const { state: over, events } = play(state, place('p0', '5D'), declareEnd('p0'), buy('p0'));
    expect(eventsOf(events, 'bankStockholder')).toEqual([{ type: 'bankStockholder', chain: 'Luxor', shares: 12 }]);
    // Luxor 41 tiles ($1,000): the bank takes the 10,000, Ann the 5,000; then shares are sold.
    expect(cashAll(over)).toEqual([6000 + 5000 + 5000, 6000 + 3000]);
  });

  it('can be turned off', () => {
    const { state: after, events } = play(twoPlayers([5, 3], ['9F'], { twoPlayerBank: false }), place('p0', '5A'));
    expect(eventsOf(events, 'bankStockholder')).toEqual([]);
    expect(cashAll(after)).toEqual([8000, 7000]);
  });

  it('plays with classic bonuses only', () => {
    expect(
      createGame({
        players: [
          { id: 'a', name: 'A' },
          { id: 'b', name: 'B' },
        ],
        options: { bonusMode: 'tycoon' },
      }).options.twoPlayerBank,
    ).toBe(false);
    expect(() =>
      createGame({
        players: [
          { id: 'a', name: 'A' },
          { id: 'b', name: 'B' },
        ],
        options: { bonusMode: 'tycoon', twoPlayerBank: true },
      }),
    ).toThrow(SetupError);
    // A two-player tycoon game pays the players alone: Ann the primary 2,000, Ben the secondary 1,500.
    const { state: after } = play(twoPlayers([5, 3], ['9F'], { bonusMode: 'tycoon' }), place('p0', '5A'));
    expect(cashAll(after)).toEqual([8000, 7500]);
  });

  it('applies to two-player games only', () => {
    const three = createGame({ players: ['a', 'b', 'c'].map((id) => ({ id, name: id })), options: { twoPlayerBank: true } });
    expect(three.options.twoPlayerBank).toBe(false);
  });
});
