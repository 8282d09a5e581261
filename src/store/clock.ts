/**
 * Turn time limits in the database: each live game's deadline for the current decision, the
 * half-time reminder, and who missed decisions or is on autopilot. Stored, so a restart
 * re-arms everything; every write is guarded, so several bot processes never act twice.
 */
import { z } from 'zod';
import type { Db } from './client.js';
import type { Prisma } from './generated/client.js';

const turnClockSchema = z.object({
  /** Decisions each seat let run out in a row (by seat index). */
  missedInARow: z.array(z.number().int().min(0)).default([]),
  /** Seats whose decisions are taken by default at once, until they come back. */
  autopilot: z.array(z.number().int().min(0).max(5)).default([]),
});

export type TurnClock = z.infer<typeof turnClockSchema>;

export function parseTurnClock(json: unknown): TurnClock {
  return turnClockSchema.parse(json ?? {});
}

export interface ClockUpdate {
  deadlineAt: Date | null;
  reminderAt: Date | null;
  clock: TurnClock;
}

/**
 * Sets the clock for the decision the game is at, if the game is still at `version` (a later
 * move sets its own clock). Returns whether it was written.
 */
export async function setTurnClock(db: Db, gameId: string, version: number, update: ClockUpdate): Promise<boolean> {
  const written = await db.game.updateMany({
    where: { id: gameId, version, status: 'active' },
    data: { deadlineAt: update.deadlineAt, reminderAt: update.reminderAt, clock: update.clock as unknown as Prisma.InputJsonObject },
  });
  return written.count === 1;
}

/** Takes the reminder due at `reminderAt` for this process; false if another took it first. */
export async function claimReminder(db: Db, gameId: string, reminderAt: Date): Promise<boolean> {
  const claimed = await db.game.updateMany({ where: { id: gameId, reminderAt, status: 'active' }, data: { reminderAt: null } });
  return claimed.count === 1;
}

/** Live games whose deadline or reminder is due at `now`, oldest first. */
export async function dueClocks(db: Db, now: Date, limit = 50): Promise<{ id: string; guildId: string }[]> {
  return db.game.findMany({
    where: { status: 'active', OR: [{ deadlineAt: { lte: now } }, { reminderAt: { lte: now } }] },
    select: { id: true, guildId: true },
    orderBy: { deadlineAt: 'asc' },
    take: limit,
  });
}

/** Every game in progress, for picking them up at start-up. */
export async function activeGameIds(db: Db): Promise<{ id: string; guildId: string }[]> {
  return db.game.findMany({ where: { status: 'active' }, select: { id: true, guildId: true }, orderBy: { createdAt: 'asc' } });
}
