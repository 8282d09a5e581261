/** Plays complete random games for the property test, the differential tests and the benchmark. */
import { apply, createGame, type Action, type GameOptions, type GameSetup, type GameState, type GameEvent } from '../../src/engine/index.js';
import { RandomPlayer } from '../support/random-player.js';
import { type CoreGame, GAME_OVER, NO_ACTION, playOutCore } from '../../src/engine/core/game.js';
import { createCoreGame, fromCore, toAction } from '../../src/engine/core/convert.js';
import { CoreRandomPlayer } from '../../src/engine/core/random-player.js';

export interface Playout {
  setup: GameSetup;
  actions: Action[];
  final: GameState;
}

type Check = (state: GameState, events: readonly GameEvent[], action: Action) => void;

function randomSetup(seed: number, playerCount: number, options: Partial<GameOptions>): GameSetup {
  return { players: Array.from({ length: playerCount }, (_, seat) => ({ id: `p${seat}`, name: `Player ${seat + 1}` })), options, seed };
}

/** The random players of a seed: the same seed, the same choices in either way of playing. */
const randomPlayerFor = (seed: number) => new RandomPlayer(seed ^ 0x9e3779b9);

/** One random game, one `apply` per action. `check` runs after every action; a refused random move is a bug. */
export function playRandomGame(seed: number, playerCount: number, options: Partial<GameOptions> = {}, check?: Check): Playout {
  const setup = randomSetup(seed, playerCount, options);
  let state = createGame(setup);
  const player = randomPlayerFor(seed);
  const actions: Action[] = [];
  for (let step = 0; state.phase.kind !== 'gameOver'; step++) {
    if (step > 5000) throw new Error(`game with seed ${seed} did not end after 5000 actions`);
    const action = player.chooseAction(state)!;
    const result = apply(state, action);
    if (!result.ok) throw new Error(`seed ${seed}: random legal move ${JSON.stringify(action)} refused: ${result.code} ${result.message}`);
    actions.push(action);
    state = result.state;
    check?.(state, result.events, action);
  }
  return { setup, actions, final: state };
}

/** Every tenth state of a random game as the store writes it (JSON text): what the bot reads back. */
export function storedStatesOf(seed: number, playerCount: number, options: Partial<GameOptions> = {}): string[] {
  const states: string[] = [];
  let action = 0;
  playRandomGame(seed, playerCount, options, (state) => {
    if (action++ % 10 === 0) states.push(JSON.stringify(state));
  });
  return states;
}

/**
 * The same game played in the integer core (`createCoreGame`, `CoreRandomPlayer`): the same
 * choices from the same seed. `onAction` sees each action before it is played. Nothing but the
 * core game is kept: the benchmark's measure.
 */
export function playRandomCoreGame(
  seed: number,
  playerCount: number,
  options: Partial<GameOptions> = {},
  onAction?: (game: CoreGame, action: number) => void,
): CoreGame {
  const game = createCoreGame(randomSetup(seed, playerCount, options));
  const player = new CoreRandomPlayer(seed ^ 0x9e3779b9);
  const choose = onAction
    ? (current: CoreGame) => {
        const action = player.chooseAction(current);
        if (action !== NO_ACTION) onAction(current, action);
        return action;
      }
    : (current: CoreGame) => player.chooseAction(current);
  const outcome = playOutCore(game, choose, 5000);
  if (outcome.refused !== NO_ACTION) throw new Error(`seed ${seed}: random legal move ${outcome.refused} refused in the core`);
  if (game.phase !== GAME_OVER) throw new Error(`game with seed ${seed} did not end after 5000 actions`);
  return game;
}

/** A core game with its actions named and its final state converted back, for comparison. */
export function playRandomGameInCore(seed: number, playerCount: number, options: Partial<GameOptions> = {}): Playout {
  const setup = randomSetup(seed, playerCount, options);
  const start = createGame(setup);
  const actions: Action[] = [];
  const game = playRandomCoreGame(seed, playerCount, options, (current, action) => actions.push(toAction(current, action, start)));
  return { setup, actions, final: fromCore(game, start) };
}
