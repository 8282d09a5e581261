/**
 * Who moves next and how: the one place that decides whether the bot waits for a person or
 * plays a seat itself. A human is waited for; a computer seat is played at its level; a seat
 * on autopilot, or a decision whose time ran out, is played by the `medium` computer player.
 * The thinking runs in the worker pool (`BotContext.ai`), never on the event loop.
 */
import { computerLevel, type Level } from '../ai/index.js';
import { decidingSeat, viewFor, type Action } from '../engine/index.js';
import type { ActiveGame } from '../store/index.js';
import type { Mover } from './clock-policy.js';
import type { BotContext } from './context.js';

export interface AutomaticMove {
  action: Action;
  mover: Mover;
}

/** The level that plays for a human who is away (autopilot, time out). */
export const STAND_IN_LEVEL: Level = 'medium';

/** A seed of its own for each decision of each game, so a replayed decision is the same. */
function seedOf(game: ActiveGame): number {
  let hash = game.state.stateId;
  for (const character of game.id) hash = (Math.imul(hash, 31) + character.charCodeAt(0)) >>> 0;
  return hash;
}

/** `trades`: a computer seat trades (answers offers on their merits, makes some); a stand-in for a person declines them all. */
async function chooseFor(ctx: BotContext, game: ActiveGame, seat: number, level: Level, trades = false): Promise<Action | null> {
  return ctx.workers.choose(viewFor(game.state, game.state.players[seat]!.id), { level, seed: seedOf(game), trades });
}

/** The move to make without waiting for anyone (a computer seat, a seat on autopilot), or null: wait. */
export async function automaticMove(ctx: BotContext, game: ActiveGame): Promise<AutomaticMove | null> {
  const seat = decidingSeat(game.state);
  if (seat === null) return null;
  const level = computerLevel(game.state.players[seat]!.id);
  if (level) {
    const action = await chooseFor(ctx, game, seat, level, true);
    return action && { action, mover: { seat, by: 'computer' } };
  }
  if (!game.clock.autopilot.includes(seat)) return null;
  const action = await chooseFor(ctx, game, seat, STAND_IN_LEVEL);
  return action && { action, mover: { seat, by: 'autopilot' } };
}

/** The move made for a decision whose deadline passed, or null when there is none to make. */
export async function timedOutMove(ctx: BotContext, game: ActiveGame): Promise<AutomaticMove | null> {
  const seat = decidingSeat(game.state);
  if (seat === null) return null;
  const action = await chooseFor(ctx, game, seat, STAND_IN_LEVEL);
  return action && { action, mover: { seat, by: 'timeout' } };
}

/** Whether the seat deciding now is a computer player (no deadline, reminder or ping for it). */
export function computerDecides(game: ActiveGame): boolean {
  const seat = decidingSeat(game.state);
  return seat !== null && computerLevel(game.state.players[seat]!.id) !== null;
}
