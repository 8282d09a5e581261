/** Same seed, same game; an explicit tile order deals exactly as the table would. */
import { describe, expect, it } from 'vitest';
import { SetupError, createGame, replay } from '../../src/engine/index.js';
import { place, play } from './helpers.js';
import { playRandomGame } from './playout.js';

const players = (count: number) => Array.from({ length: count }, (_, seat) => ({ id: `p${seat}`, name: `P${seat}` }));

describe('determinism', () => {
  it('the same seed gives the same set-up; another seed another', () => {
    expect(createGame({ players: players(4), seed: 2024 })).toEqual(createGame({ players: players(4), seed: 2024 }));
    expect(createGame({ players: players(4), seed: 2024 }).bag).not.toEqual(createGame({ players: players(4), seed: 2025 }).bag);
  });

  it('the same seed and the same moves give the same game, and its log replays to it', () => {
    for (const seed of [1, 17, 404]) {
      const first = playRandomGame(seed, 2 + (seed % 5));
      const second = playRandomGame(seed, 2 + (seed % 5));
      expect(second.actions).toEqual(first.actions);
      expect(second.final).toEqual(first.final);
      expect(first.final.phase.kind).toBe('gameOver');
      expect(replay(first.setup, first.actions)).toEqual(first.final);
    }
  });

  it('apply never changes the state it is given', () => {
    const state = createGame({ players: players(3), tileOrder: ['5E', '1B', '9C', '1G'] });
    const before = structuredClone(state);
    play(state, place('p1', '1G'));
    expect(state).toEqual(before);
  });
});

describe('an explicit tile order', () => {
  // First-player draw for seats 0, 1, 2; then whole hands from the first player (seat 1, on 1B)
  // round the table; then each turn's draw.
  const order = ['5E', '1B', '9C', '1G', '3G', '5G', '7G', '9G', '11G', '1I', '3I', '5I', '7I', '9I', '11I', '2A', '4A', '6A', '8A', '10A', '12A', '12E'];
  const state = createGame({ players: players(3), tileOrder: order });

  it('the first-player draw goes in seat order and the closest to 1A starts', () => {
    expect(state.board.filter((cell) => cell !== null)).toHaveLength(3);
    expect(state.firstPlayer).toBe(1);
  });

  it('the deals go in seat order from the first player', () => {
    expect(state.players.map((player) => player.hand)).toEqual([
      ['2A', '4A', '6A', '8A', '10A', '12A'],
      ['1G', '3G', '5G', '7G', '9G', '11G'],
      ['1I', '3I', '5I', '7I', '9I', '11I'],
    ]);
  });

  it('then each turn draws the next tile; unlisted tiles follow in board order', () => {
    expect(state.bag.slice(0, 3)).toEqual(['12E', '1A', '3A']);
    const after = play(state, place('p1', '1G')).state;
    expect(after.players[1]!.hand).toEqual(['3G', '5G', '7G', '9G', '11G', '12E']);
    expect(after.currentPlayer).toBe(2);
  });

  it('refuses a tile order naming a tile twice or a non-tile', () => {
    expect(() => createGame({ players: players(2), tileOrder: ['1A', '1A'] })).toThrow(SetupError);
    expect(() => createGame({ players: players(2), tileOrder: ['1A', '13Z'] })).toThrow('13Z is not a tile.');
  });
});
