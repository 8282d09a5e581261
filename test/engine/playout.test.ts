/**
 * `playOut`, the in-place way computer players play games on: it must leave the position it
 * starts from as it was (the searcher plays many games from one position), stop where asked,
 * and stop at a refused action without a trace of it. That it plays the same games as `apply`
 * is the differential test's.
 */
import { describe, expect, it } from 'vitest';
import { apply, createGame, playOut, type Action, type GameState } from '../../src/engine/index.js';
import { RandomPlayer } from '../../src/engine/random-player.js';

const start = (): GameState => createGame({ players: [{ id: 'a', name: 'Ann' }, { id: 'b', name: 'Bob' }, { id: 'c', name: 'Cy' }], seed: 42 });

describe('playOut', () => {
  it('plays a game to its end and leaves the position it started from untouched', () => {
    const position = start();
    const before = JSON.stringify(position);
    const random = new RandomPlayer(7);
    const outcome = playOut(position, (state) => random.chooseAction(state));
    expect(outcome.state.phase.kind).toBe('gameOver');
    expect(outcome.state.result?.standings).toHaveLength(3);
    expect(outcome.refused).toBeNull();
    expect(outcome.state.stateId).toBe(position.stateId + outcome.actions);
    expect(JSON.stringify(position)).toBe(before);
    // Its net-worth history grew by a row a turn, and the start's did not.
    expect(outcome.state.netWorthHistory.length).toBe(outcome.state.turn + 1);
    expect(position.netWorthHistory).toEqual([]);
  });

  it('plays the same game from the same position twice (nothing of one playout leaks into the next)', () => {
    const position = start();
    const first = playOut(position, ((random) => (state: GameState) => random.chooseAction(state))(new RandomPlayer(9)));
    const second = playOut(position, ((random) => (state: GameState) => random.chooseAction(state))(new RandomPlayer(9)));
    expect(JSON.stringify(second.state)).toBe(JSON.stringify(first.state));
  });

  it('stops after the number of actions asked for, at the state apply would reach', () => {
    const position = start();
    const random = new RandomPlayer(3);
    const chosen: Action[] = [];
    const outcome = playOut(position, (state) => random.chooseAction(state), { maxActions: 5, onAction: (_state, action) => chosen.push(action) });
    expect(outcome.actions).toBe(5);
    let state = position;
    for (const action of chosen) {
      const result = apply(state, action);
      if (!result.ok) throw new Error(result.message);
      state = result.state;
    }
    expect(JSON.stringify(outcome.state)).toBe(JSON.stringify(state));
  });

  it('leaves what it returns a state like any other: apply on it changes nothing of it', () => {
    const random = new RandomPlayer(5);
    const partway = playOut(start(), (state) => random.chooseAction(state), { maxActions: 40 }).state;
    const before = JSON.stringify(partway);
    // Play on through apply until a turn passes (a draw from the bag, a history row).
    let state = partway;
    for (let step = 0; step < 10 && state.phase.kind !== 'gameOver'; step++) {
      const result = apply(state, random.chooseAction(state)!);
      if (!result.ok) throw new Error(result.message);
      state = result.state;
    }
    expect(state.turn).toBeGreaterThan(partway.turn);
    expect(JSON.stringify(partway)).toBe(before);
  });

  it('stops at a refused action and reports it, the state as it was before it', () => {
    const position = start();
    const seat = position.currentPlayer;
    const notInHand = position.bag[0]!;
    const wrong: Action = { type: 'placeTile', player: position.players[seat]!.id, tile: notInHand };
    const outcome = playOut(position, () => wrong);
    expect(outcome.refused).toBe(wrong);
    expect(outcome.actions).toBe(0);
    expect(JSON.stringify(outcome.state)).toBe(JSON.stringify(position));
  });
});
