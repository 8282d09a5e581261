/**
 * The stored-state schema: every state a game passes through reads back as itself, and a row
 * damaged in any of its lists (the board, the bag, a hand, a player's shares, the net-worth history) is refused
 * rather than played.
 */
import { describe, expect, it } from 'vitest';
import { parseGameState, type GameState } from '../../src/engine/index.js';
import { storedStatesOf } from './playout.js';

/** A game's states, every tenth, as the store writes them (JSON) and reads them back. */
const storedStates = (seed: number, players: number): unknown[] => storedStatesOf(seed, players, { trades: true }).map((text) => JSON.parse(text) as unknown);

const damaged = (state: GameState, damage: (copy: GameState) => void): unknown => {
  const copy = structuredClone(state);
  damage(copy);
  return copy;
};

describe('reading a stored game state', () => {
  it('reads back every state of played games as it was written', () => {
    let read = 0;
    for (const [seed, players] of [
      [3, 2],
      [11, 4],
      [29, 6],
    ] as const) {
      for (const stored of storedStates(seed, players)) {
        expect(parseGameState(stored)).toEqual(stored);
        read++;
      }
    }
    expect(read).toBeGreaterThan(30);
  });

  it('refuses a state damaged in any of its lists', () => {
    const states = storedStates(7, 4) as GameState[];
    const late = states.at(-1)!;
    const withHand = states.find((state) => state.players[0]!.hand.length > 0)!;
    const withBag = states.find((state) => state.bag.length > 0)!;
    expect(late.netWorthHistory.length).toBeGreaterThan(0);
    const damages: [string, GameState, (copy: GameState) => void][] = [
      ['a board one cell short', late, (copy) => void copy.board.pop()],
      ['a board cell of no chain', late, (copy) => void (copy.board[5] = 7)],
      ['a board cell that is text', late, (copy) => void ((copy.board as unknown[])[5] = '1')],
      ['a board that is not a list', late, (copy) => void ((copy as { board: unknown }).board = {})],
      ['a bag holding no tile', withBag, (copy) => void (copy.bag[0] = '13A')],
      ['a discard pile holding a number', late, (copy) => void (copy.discarded as unknown[]).push(4)],
      ['a hand of seven tiles', withHand, (copy) => void copy.players[0]!.hand.push(...copy.bag.slice(0, 7 - copy.players[0]!.hand.length))],
      ['a hand holding a lower-case tile', withHand, (copy) => void (copy.players[0]!.hand[0] = copy.players[0]!.hand[0]!.toLowerCase())],
      ['a share count below zero', late, (copy) => void (copy.players[1]!.shares[2] = -1)],
      ['a share count that is a fraction', late, (copy) => void (copy.players[1]!.shares[2] = 1.5)],
      ['a share count past any bound', late, (copy) => void (copy.players[1]!.shares[2] = 1001)],
      ['shares of six chains', late, (copy) => void copy.players[1]!.shares.pop()],
      ['a net worth that is a fraction', late, (copy) => void (copy.netWorthHistory[0]![0] = 6000.5)],
      ['a net-worth row that is not a list', late, (copy) => void ((copy.netWorthHistory as unknown[])[0] = 6000)],
    ];
    for (const [what, state, damage] of damages) {
      expect(() => parseGameState(damaged(state, damage)), what).toThrow();
      expect(() => parseGameState(state), `${what}: the undamaged state`).not.toThrow();
    }
  });
});
