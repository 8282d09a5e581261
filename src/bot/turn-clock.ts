/**
 * Turn time limits: a reminder at half time, a safe default move when time runs out, and
 * autopilot for a player who let two decisions in a row run out. Deadlines live in the
 * database, so a restart re-arms them; a tick (every few seconds, or driven by tests with a fake
 * clock) acts on whatever is due.
 */
import { decidingSeat, defaultAction } from '../engine/index.js';
import { claimReminder, dueClocks, getGame, setTurnClock, type ClockUpdate, type StoredGame, type TurnClock } from '../store/index.js';
import type { BotContext } from './context.js';
import { closeGamesOfMissingGuild, shardFilterOf } from './departures.js';
import { commitMove, sendableChannel } from './game-flow.js';
import { formatDuration } from './messages.js';
import { describeMove, mention } from './text.js';

/** After this many decisions in a row run out, others may put the player on autopilot. */
export const MISSES_BEFORE_AUTOPILOT = 2;

/** The clock for the decision a game has just reached, after a move made `by` a seat. */
export function nextClock(ctx: BotContext, game: StoredGame, mover: { seat: number; by: 'player' | 'timeout' | 'autopilot' } | null): ClockUpdate {
  const missedInARow = game.seats.map((_, seat) => game.clock.missedInARow[seat] ?? 0);
  if (mover?.by === 'player') missedInARow[mover.seat] = 0;
  if (mover?.by === 'timeout') missedInARow[mover.seat] = (missedInARow[mover.seat] ?? 0) + 1;
  const clock: TurnClock = { missedInARow, autopilot: game.clock.autopilot.filter((seat) => !(mover?.by === 'player' && mover.seat === seat)) };
  const limit = game.turnLimitSeconds;
  if (limit <= 0 || game.status !== 'active' || game.state?.phase.kind === 'gameOver') return { deadlineAt: null, reminderAt: null, clock };
  const now = ctx.now().getTime();
  return { deadlineAt: new Date(now + limit * 1000), reminderAt: new Date(now + (limit * 1000) / 2), clock };
}

/** Acts on every due reminder and deadline of the games this process serves. */
export async function tick(ctx: BotContext): Promise<void> {
  const now = ctx.now();
  // With several shards each process claims only its own servers' games, in the query.
  for (const due of await dueClocks(ctx.db, now, { shards: shardFilterOf(ctx.client) })) {
    if (await closeGamesOfMissingGuild(ctx, due.guildId)) continue;
    await ctx.locks.run(due.id, () => actOnClock(ctx, due.id, now)).catch((error: unknown) => {
      ctx.log.error({ err: error, gameId: due.id }, 'turn clock failed');
    });
  }
}

async function actOnClock(ctx: BotContext, gameId: string, now: Date): Promise<void> {
  const game = await getGame(ctx.db, gameId);
  if (!game?.state || game.status !== 'active') return;
  const decider = decidingSeat(game.state);
  if (decider === null) return;
  if (game.deadlineAt && game.deadlineAt <= now) {
    const action = defaultAction(game.state);
    if (!action) return;
    const name = game.seats[decider]!.displayName;
    const missed = (game.clock.missedInARow[decider] ?? 0) + 1;
    const lines = [`⏰ ${name} ran out of time: ${describeMove(action, game.state)}.`];
    if (missed >= MISSES_BEFORE_AUTOPILOT && !game.clock.autopilot.includes(decider)) {
      lines.push(`${name} has missed ${missed} decisions in a row: any other player may put them on autopilot.`);
    }
    ctx.log.info({ gameId: game.id, seat: decider, action: action.type }, 'decision timed out');
    await commitMove(ctx, game, action, { seat: decider, by: 'timeout' }, lines);
    return;
  }
  if (game.reminderAt && game.reminderAt <= now && (await claimReminder(ctx.db, game.id, game.reminderAt))) {
    const channel = await sendableChannel(ctx, game.channelId);
    const left = game.deadlineAt ? Math.max(0, Math.round((game.deadlineAt.getTime() - now.getTime()) / 1000)) : 0;
    const userId = game.seats[decider]!.userId;
    await channel?.send({ content: `⏰ ${mention(userId)}, your decision is waiting: ${formatDuration(left)} left before a default move is made for you.`, allowedMentions: { users: [userId] } });
  }
}

/** Arms the clock for a game's current decision if it has a limit but no deadline (start-up). */
export async function ensureClock(ctx: BotContext, game: StoredGame): Promise<void> {
  if (game.turnLimitSeconds <= 0 || game.deadlineAt) return;
  await setTurnClock(ctx.db, game.id, game.version, nextClock(ctx, game, null));
}

/** Puts a seat on autopilot or takes it off; returns the clock written, or null if the game moved. */
export async function setAutopilot(ctx: BotContext, game: StoredGame, seat: number, on: boolean): Promise<boolean> {
  const autopilot = on ? [...new Set([...game.clock.autopilot, seat])] : game.clock.autopilot.filter((other) => other !== seat);
  const missedInARow = game.seats.map((_, index) => (index === seat && !on ? 0 : (game.clock.missedInARow[index] ?? 0)));
  return setTurnClock(ctx.db, game.id, game.version, { deadlineAt: game.deadlineAt, reminderAt: game.reminderAt, clock: { missedInARow, autopilot } });
}

/** Runs `setInterval(tick)` until the returned stop function is called. */
export function startTurnClock(ctx: BotContext, everyMs = 5000): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => tick(ctx)).catch((error: unknown) => ctx.log.error({ err: error }, 'turn clock tick failed'));
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
