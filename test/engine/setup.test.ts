/** Setting up a game: cash, hands, the first-player draw and the options (README "Fixed rules"). */
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, SetupError, createGame, resolveOptions, tileEffect, type GameState } from '../../src/engine/index.js';
import { found, place, play } from './helpers.js';

const players = (count: number) => Array.from({ length: count }, (_, seat) => ({ id: `p${seat}`, name: `P${seat}` }));
const onBoard = (state: GameState) => state.board.filter((cell) => cell !== null).length;

describe('setup', () => {
  it('gives every player $6,000, six hidden tiles and no shares', () => {
    const state = createGame({ players: players(4), seed: 7 });
    for (const player of state.players) {
      expect(player.cash).toBe(6000);
      expect(player.hand).toHaveLength(6);
      expect(player.shares).toEqual([0, 0, 0, 0, 0, 0, 0]);
    }
    expect(state.chains.map((chain) => [chain.name, chain.bankShares, chain.size])).toEqual([
      ['Luxor', 25, 0],
      ['Tower', 25, 0],
      ['American', 25, 0],
      ['Worldwide', 25, 0],
      ['Festival', 25, 0],
      ['Imperial', 25, 0],
      ['Continental', 25, 0],
    ]);
  });

  it('places one tile per player face up, unincorporated, and leaves the rest in the bag', () => {
    const state = createGame({ players: players(5), seed: 3 });
    expect(onBoard(state)).toBe(5);
    expect(state.board.filter((cell) => cell !== null).every((cell) => cell === -1)).toBe(true);
    expect(state.bag).toHaveLength(108 - 5 - 5 * 6);
  });

  it('lets the tile closest to 1A start: row A before B, "9A is closer than 1B"', () => {
    const state = createGame({ players: players(3), tileOrder: ['1B', '9A', '5C'] });
    expect(state.firstPlayer).toBe(1);
    expect(state.currentPlayer).toBe(1);
    const lowerNumber = createGame({ players: players(3), tileOrder: ['7D', '3D', '12A'] });
    expect(lowerNumber.currentPlayer).toBe(2);
    const sameRow = createGame({ players: players(2), tileOrder: ['8C', '2C'] });
    expect(sameRow.currentPlayer).toBe(1);
  });

  it('keeps adjacent opening tiles independent until a later tile joins them into a chain', () => {
    // 1A and 2A are drawn for first player; seat 0 (1A) starts with 3A in hand.
    const state = createGame({ players: players(2), tileOrder: ['1A', '2A', '3A'], options: { twoPlayerBank: false } });
    expect(state.chains.every((chain) => chain.size === 0)).toBe(true);
    expect(state.players[0]!.hand).toContain('3A');
    expect(tileEffect(state, '3A').description).toBe('founds a chain');
    const after = play(state, place('p0', '3A'), found('p0', 'Tower')).state;
    expect(after.chains[1]!.size).toBe(3);
  });

  it('refuses fewer than 2 or more than 6 players, and the same player twice', () => {
    expect(() => createGame({ players: players(1) })).toThrow(SetupError);
    expect(() => createGame({ players: players(7) })).toThrow(/2 to 6 players, not 7/);
    expect(() =>
      createGame({
        players: [
          { id: 'a', name: 'A' },
          { id: 'a', name: 'B' },
        ],
      }),
    ).toThrow(/only one seat/);
  });

  it('defaults: classic bonuses and chains, no founder cash, replace dead tiles, open holdings, no trades', () => {
    expect(DEFAULT_OPTIONS).toEqual({
      bonusMode: 'classic',
      chainSet: 'classic',
      founderShare: 'none',
      unplayable: 'replace',
      holdings: 'open',
      twoPlayerBank: true,
      trades: false,
    });
    expect(createGame({ players: players(3) }).options.twoPlayerBank).toBe(false);
    expect(createGame({ players: players(2) }).options.twoPlayerBank).toBe(true);
    expect(resolveOptions(2, { bonusMode: 'tycoon' }).twoPlayerBank).toBe(false);
  });

  it('starts with the first player to place a tile, turn 0', () => {
    const state = createGame({ players: players(3), tileOrder: ['5E', '6F', '1A'] });
    expect(state.phase).toEqual({ kind: 'placeTile', redrawn: false, tradeOffers: 0 });
    expect(state.currentPlayer).toBe(2);
    expect(state.turn).toBe(0);
  });
});
