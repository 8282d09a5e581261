/** Plays complete random games for the property test and the benchmark. */
import { apply, createGame, legalActions, type Action, type GameOptions, type GameSetup, type GameState, type GameEvent } from '../../src/engine/index.js';
import { RandomPlayer } from '../../src/engine/random-player.js';

export interface Playout {
  setup: GameSetup;
  actions: Action[];
  final: GameState;
}

/**
 * One random game. `check` runs after every accepted action. A rejected random move is a bug,
 * except the two a random player cannot know in advance: an empty trade offer and accepting
 * a trade it cannot pay for; those fall back to a legal move.
 */
export function playRandomGame(
  seed: number,
  playerCount: number,
  options: Partial<GameOptions> = {},
  check?: (state: GameState, events: GameEvent[], action: Action) => void,
): Playout {
  const setup: GameSetup = {
    players: Array.from({ length: playerCount }, (_, seat) => ({ id: `p${seat}`, name: `Player ${seat + 1}` })),
    options,
    seed,
  };
  let state = createGame(setup);
  const player = new RandomPlayer(seed ^ 0x9e3779b9);
  const actions: Action[] = [];
  for (let step = 0; state.phase.kind !== 'gameOver'; step++) {
    if (step > 5000) throw new Error(`game with seed ${seed} did not end after 5000 actions`);
    let action = player.chooseAction(state)!;
    let result = apply(state, action);
    if (!result.ok && (action.type === 'offerTrade' || action.type === 'answerTrade')) {
      action = action.type === 'answerTrade' ? { ...action, accept: false } : legalActions(state)[0]!;
      result = apply(state, action);
    }
    if (!result.ok) throw new Error(`seed ${seed}: random legal move ${JSON.stringify(action)} refused: ${result.code} ${result.message}`);
    actions.push(action);
    state = result.state;
    check?.(state, result.events, action);
  }
  return { setup, actions, final: state };
}
