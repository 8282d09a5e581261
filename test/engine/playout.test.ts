/**
 * `playOutCore`, how computer players play games on (in the integer core): it plays a game in
 * place to its end or to the limit asked for, stops at a refused action without a trace of it,
 * and a copy of a game plays on alone (the searcher plays many games from one position). That
 * it plays the same games as `apply` is test/engine/core.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import { apply, createGame, type Action, type GameState } from '../../src/engine/index.js';
import { fromCore, toAction, toCore } from '../../src/engine/core/convert.js';
import { GAME_OVER, NO_ACTION, placeAction, playOutCore, type CoreGame } from '../../src/engine/core/game.js';
import { CoreRandomPlayer } from '../../src/engine/core/random-player.js';
import { tileIndex } from '../../src/engine/index.js';

const start = (): GameState =>
  createGame({
    players: [
      { id: 'a', name: 'Ann' },
      { id: 'b', name: 'Bob' },
      { id: 'c', name: 'Cy' },
    ],
    seed: 42,
  });
const randomChoices = (seed: number) => {
  const random = new CoreRandomPlayer(seed);
  return (game: CoreGame) => random.chooseAction(game);
};

describe('playOutCore', () => {
  it('plays a game to its end in place, leaving the state it was made from untouched', () => {
    const position = start();
    const before = JSON.stringify(position);
    const game = toCore(position);
    const outcome = playOutCore(game, randomChoices(7));
    expect(game.phase).toBe(GAME_OVER);
    expect(outcome.refused).toBe(NO_ACTION);
    const end = fromCore(game, position);
    expect(end.result?.standings).toHaveLength(3);
    expect(end.stateId).toBe(position.stateId + outcome.actions);
    // Its net-worth history grew by a row a turn, and the start's did not.
    expect(end.netWorthHistory.length).toBe(end.turn + 1);
    expect(JSON.stringify(position)).toBe(before);
  });

  it('plays the same game from copies of one position (nothing of one playout leaks into the next)', () => {
    const game = toCore(start());
    const first = game.clone();
    const second = game.clone();
    playOutCore(first, randomChoices(9));
    playOutCore(second, randomChoices(9));
    expect(fromCore(second, start())).toEqual(fromCore(first, start()));
    expect(fromCore(game, start())).toEqual(start());
  });

  it('stops after the number of actions asked for, at the state apply would reach', () => {
    const position = start();
    const game = toCore(position);
    const choose = randomChoices(3);
    const chosen: Action[] = [];
    const outcome = playOutCore(
      game,
      (current) => {
        const action = choose(current);
        chosen.push(toAction(current, action, position));
        return action;
      },
      5,
    );
    expect(outcome.actions).toBe(5);
    let state = position;
    for (const action of chosen) {
      const result = apply(state, action);
      if (!result.ok) throw new Error(result.message);
      state = result.state;
    }
    expect(fromCore(game, position)).toEqual(state);
  });

  it('stops at a refused action and reports it, the game as it was before it', () => {
    const position = start();
    const game = toCore(position);
    const notInHand = placeAction(tileIndex(position.bag[0]!)!);
    const outcome = playOutCore(game, () => notInHand);
    expect(outcome).toEqual({ actions: 0, refused: notInHand });
    expect(fromCore(game, position)).toEqual(position);
  });
});
