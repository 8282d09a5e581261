/**
 * Who moves next and how: the one place that decides whether the bot waits for a person or
 * plays a seat itself. A human is waited for; a seat on autopilot, or a decision whose time ran
 * out, is played by the bot. The turn clock and the autopilot both ask here.
 *
 * `chooseFor` is where a computer player plugs in: today it makes the engine's safe default
 * move (src/engine/defaults.ts).
 */
import { decidingSeat, defaultAction, type Action, type GameState } from '../engine/index.js';
import type { ActiveGame } from '../store/index.js';
import type { Mover } from './clock-policy.js';

export interface AutomaticMove {
  action: Action;
  mover: Mover;
}

/** The move the bot makes for `seat`, whose decision it is in `state`. */
export function chooseFor(state: GameState, _seat: number): Action | null {
  return defaultAction(state);
}

/** The move to make at once without waiting for anyone (a seat on autopilot), or null: wait. */
export function automaticMove(game: Pick<ActiveGame, 'state' | 'clock'>): AutomaticMove | null {
  const seat = decidingSeat(game.state);
  if (seat === null || !game.clock.autopilot.includes(seat)) return null;
  const action = chooseFor(game.state, seat);
  return action && { action, mover: { seat, by: 'autopilot' } };
}

/** The move to make for a decision whose deadline passed, or null when there is none to make. */
export function timedOutMove(game: Pick<ActiveGame, 'state'>): AutomaticMove | null {
  const seat = decidingSeat(game.state);
  if (seat === null) return null;
  const action = chooseFor(game.state, seat);
  return action && { action, mover: { seat, by: 'timeout' } };
}
