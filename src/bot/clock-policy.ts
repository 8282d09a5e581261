/**
 * The turn clock's policy, pure: the deadline and reminder of the decision a move leads to,
 * and who has missed how many decisions in a row. The ticking loop that acts on due clocks is
 * src/bot/turn-clock.ts; a move's clock is computed here before the move is written, so the
 * move and its clock are one write.
 */
import type { GameState } from '../engine/index.js';
import { type Locale, t } from '../i18n/index.js';
import type { ActiveGame, ClockUpdate, TurnClock } from '../store/index.js';

/** After this many decisions in a row run out, others may put the player on autopilot. */
export const MISSES_BEFORE_AUTOPILOT = 2;

export interface Mover {
  seat: number;
  by: 'player' | 'timeout' | 'autopilot' | 'computer';
}

/** The clock for the decision `state` is at, after a move made by `mover` (null: none, e.g. the start). */
export function clockAfter(game: Pick<ActiveGame, 'seats' | 'clock' | 'turnLimitSeconds'>, state: GameState, mover: Mover | null, now: Date): ClockUpdate {
  const missedInARow = game.seats.map((_, seat) => game.clock.missedInARow[seat] ?? 0);
  if (mover?.by === 'player') missedInARow[mover.seat] = 0;
  if (mover?.by === 'timeout') missedInARow[mover.seat] = (missedInARow[mover.seat] ?? 0) + 1;
  const clock: TurnClock = { missedInARow, autopilot: game.clock.autopilot.filter((seat) => !(mover?.by === 'player' && mover.seat === seat)) };
  const limit = game.turnLimitSeconds;
  if (limit <= 0 || state.phase.kind === 'gameOver') return { deadlineAt: null, reminderAt: null, clock };
  return { deadlineAt: new Date(now.getTime() + limit * 1000), reminderAt: new Date(now.getTime() + (limit * 1000) / 2), clock };
}

/** The clock with a seat put on autopilot or taken off it (its misses forgiven when it comes back). */
export function withAutopilot(game: Pick<ActiveGame, 'seats' | 'clock' | 'deadlineAt' | 'reminderAt'>, seat: number, on: boolean): ClockUpdate {
  const autopilot = on ? [...new Set([...game.clock.autopilot, seat])] : game.clock.autopilot.filter((other) => other !== seat);
  const missedInARow = game.seats.map((_, index) => (index === seat && !on ? 0 : (game.clock.missedInARow[index] ?? 0)));
  return { deadlineAt: game.deadlineAt, reminderAt: game.reminderAt, clock: { missedInARow, autopilot } };
}

/** Seats that let enough decisions run out to be put on autopilot by the others. */
export function seatsAwayLongEnough(game: Pick<ActiveGame, 'seats' | 'clock'>): number[] {
  return game.seats
    .map((_, seat) => seat)
    .filter((seat) => (game.clock.missedInARow[seat] ?? 0) >= MISSES_BEFORE_AUTOPILOT && !game.clock.autopilot.includes(seat));
}

export function formatDuration(seconds: number, locale: Locale): string {
  if (seconds % 3600 === 0) return t(locale, 'duration.hours', { count: seconds / 3600 });
  if (seconds % 60 === 0) return t(locale, 'duration.minutes', { count: seconds / 60 });
  return t(locale, 'duration.seconds', { count: seconds });
}
