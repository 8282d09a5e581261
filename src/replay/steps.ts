/**
 * Stepping through a finished game turn by turn, rebuilt from its action log through the engine
 * (never from stored pictures). Step 0 is the opening position; step k the board once k turns
 * are over; the last step the final position.
 */
import { apply, createGame, tileIndex, type Action, type GameEvent, type GameSetup, type GameState } from '../engine/index.js';
import type { AnimationFrame } from '../render/animation.js';

export interface Step {
  state: GameState;
  /** What happened during the turn that led here (empty at step 0). */
  events: GameEvent[];
}

/** Every step of a game, in one pass over its log. */
export function steps(setup: GameSetup, actions: readonly Action[]): Step[] {
  let state = createGame(setup);
  const result: Step[] = [{ state, events: [] }];
  let events: GameEvent[] = [];
  for (const action of actions) {
    const outcome = apply(state, action);
    if (!outcome.ok) throw new Error(`the log does not replay: ${outcome.code} at ${action.type}`);
    events.push(...outcome.events);
    const turned = outcome.state.turn !== state.turn || outcome.state.phase.kind === 'gameOver';
    state = outcome.state;
    if (turned) {
      result.push({ state, events });
      events = [];
    }
  }
  return result;
}

/**
 * The end-of-game animation's frames (src/render/animation.ts): each step's board and the tile
 * played last. Here, not beside the animation, so that the bot's thread, which rebuilds the
 * steps, never loads the GIF encoder that only a drawing thread runs.
 */
export function animationFrames(all: readonly Step[]): AnimationFrame[] {
  return all.map(({ state }) => ({ board: state.board, lastPlaced: state.lastPlacedTile === null ? null : (tileIndex(state.lastPlacedTile) ?? null) }));
}
