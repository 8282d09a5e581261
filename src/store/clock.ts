/**
 * Turn time limits in the database: each live game's deadline for the current decision, the
 * half-time reminder, and who missed decisions or is on autopilot. Stored, so a restart
 * re-arms everything; every write is guarded, so several bot processes never act twice.
 */
import { z } from 'zod';
import type { Db } from './client.js';
import { Prisma } from './generated/client.js';

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
 * Sets the clock for the decision the game is at, if the game is still at `stateId` (a later
 * move writes its own clock). Returns whether it was written.
 */
export async function setTurnClock(db: Db, gameId: string, stateId: number, update: ClockUpdate): Promise<boolean> {
  const written = await db.game.updateMany({
    where: { id: gameId, stateId, status: 'active' },
    data: { deadlineAt: update.deadlineAt, reminderAt: update.reminderAt, clock: update.clock as unknown as Prisma.InputJsonObject },
  });
  return written.count === 1;
}

/** Takes the reminder due at `reminderAt` for this process; false if another took it first. */
export async function claimReminder(db: Db, gameId: string, reminderAt: Date): Promise<boolean> {
  const claimed = await db.game.updateMany({ where: { id: gameId, reminderAt, status: 'active' }, data: { reminderAt: null } });
  return claimed.count === 1;
}

/** The shards a process serves: Discord sends a guild's events to shard `(guild_id >> 22) % count`. */
export interface ShardFilter {
  ids: readonly number[];
  count: number;
}

/**
 * Live games whose deadline or reminder is due at `now`, oldest first, of the servers this
 * process serves. The shard is chosen in the query itself: a process that fetched everyone's
 * due games and skipped the others' would, once `limit` of them piled up, never see its own.
 */
export async function dueClocks(
  db: Db,
  now: Date,
  { shards = null, limit = 50 }: { shards?: ShardFilter | null; limit?: number } = {},
): Promise<{ id: string; guildId: string }[]> {
  if (!shards || shards.count <= 1) {
    return db.game.findMany({
      where: { status: 'active', OR: [{ deadlineAt: { lte: now } }, { reminderAt: { lte: now } }] },
      select: { id: true, guildId: true },
      orderBy: { deadlineAt: 'asc' },
      take: limit,
    });
  }
  // Guild ids are snowflakes (at most 19 digits, so they fit a bigint); anything else has no shard.
  return db.$queryRaw<{ id: string; guildId: string }[]>`
    SELECT id, guild_id AS "guildId" FROM games
    WHERE status = 'active' AND (deadline_at <= ${now} OR reminder_at <= ${now})
      AND guild_id ~ '^[0-9]{1,19}$'
      AND ((guild_id::bigint >> 22) % ${shards.count}) = ANY(${[...shards.ids]}::int[])
    ORDER BY deadline_at ASC NULLS LAST
    LIMIT ${limit}`;
}

/** Whether a game's server is one of `shards`' (SQL, for the counts below; every game when null or one shard). */
function ofShards(shards: ShardFilter | null): Prisma.Sql {
  const shard = shards && shards.count > 1 ? shards : null;
  return Prisma.sql`(${shard === null} OR (guild_id ~ '^[0-9]{1,19}$' AND ((guild_id::bigint >> 22) % ${shard?.count ?? 1}) = ANY(${[...(shard?.ids ?? [0])]}::int[])))`;
}

/** Live games (lobby and active) of the servers `shards` serve (the metrics). */
export async function countLiveGames(db: Db, { shards = null }: { shards?: ShardFilter | null } = {}): Promise<{ lobby: number; active: number }> {
  const rows = await db.$queryRaw<{ status: string; count: bigint }[]>`
    SELECT status, count(*) AS count FROM games WHERE status IN ('lobby', 'active') AND ${ofShards(shards)} GROUP BY status`;
  const count = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
  return { lobby: count('lobby'), active: count('active') };
}

/** Due clocks (deadline or reminder at or before `now`) of live games of the servers `shards` serve: the turn clock's backlog. */
export async function countDueClocks(db: Db, now: Date, { shards = null }: { shards?: ShardFilter | null } = {}): Promise<number> {
  const rows = await db.$queryRaw<{ count: bigint }[]>`
    SELECT count(*) AS count FROM games WHERE status = 'active' AND (deadline_at <= ${now} OR reminder_at <= ${now}) AND ${ofShards(shards)}`;
  return Number(rows[0]?.count ?? 0);
}

/** Which shard serves a guild, by Discord's rule (the same as `dueClocks`'s query). */
export function shardOfGuild(guildId: string, count: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(count));
}

/**
 * Ends every live game (lobby or in progress) of a server the bot was removed from, or of a
 * deleted channel or thread: nobody can play them any more, and left active they would sit
 * overdue in every tick. Returns the games closed, for telling whoever can still see them.
 */
export async function closeGamesOf(db: Db, where: { guildId: string } | { channelId: string }): Promise<{ id: string; guildId: string; channelId: string }[]> {
  // A channel's games include those played in its threads; a thread's, the one played in it.
  const place = 'guildId' in where ? { guildId: where.guildId } : { OR: [{ channelId: where.channelId }, { threadId: where.channelId }] };
  const live = await db.game.findMany({ where: { ...place, status: { in: ['lobby', 'active'] } }, select: { id: true, guildId: true, channelId: true } });
  if (live.length === 0) return [];
  await db.game.updateMany({
    where: { id: { in: live.map((game) => game.id) }, status: { in: ['lobby', 'active'] } },
    data: { status: 'cancelled', deadlineAt: null, reminderAt: null },
  });
  return live;
}

/** Every game in progress, for picking them up at start-up. */
export async function activeGameIds(db: Db): Promise<{ id: string; guildId: string }[]> {
  return db.game.findMany({ where: { status: 'active' }, select: { id: true, guildId: true }, orderBy: { createdAt: 'asc' } });
}

/**
 * Games whose latest move is written but not shown on the table (the announcement failed after
 * the write: Discord or the database went away in between), of the servers this process serves.
 * The bot's tick announces them as soon as it can, not only at start-up.
 */
export async function unannouncedGames(
  db: Db,
  { shards = null, limit = 20, quietForMs = 10_000 }: { shards?: ShardFilter | null; limit?: number; quietForMs?: number } = {},
): Promise<{ id: string; guildId: string }[]> {
  const shard = shards && shards.count > 1 ? shards : null;
  // A game written moments ago is being announced right now (perhaps by another process):
  // only games that stayed behind for `quietForMs` are caught up, so two posts never race.
  const quietSince = new Date(Date.now() - quietForMs);
  return db.$queryRaw<{ id: string; guildId: string }[]>`
    SELECT id, guild_id AS "guildId" FROM games
    WHERE status IN ('active', 'finished') AND public_state_id IS DISTINCT FROM state_id
      AND updated_at > now() - interval '7 days' AND updated_at <= ${quietSince}
      AND (${shard === null} OR (guild_id ~ '^[0-9]{1,19}$' AND ((guild_id::bigint >> 22) % ${shard?.count ?? 1}) = ANY(${[...(shard?.ids ?? [0])]}::int[])))
    ORDER BY updated_at ASC
    LIMIT ${limit}`;
}

/**
 * Takes the catch-up of a game whose table is behind for this process: a write (so a database
 * that can be read but not written stops it before anything is posted) that also restarts the
 * quiet period, so no other process posts the same catch-up meanwhile.
 */
export async function claimCatchUp(db: Db, gameId: string): Promise<boolean> {
  const claimed = await db.$executeRaw`
    UPDATE games SET updated_at = now()
    WHERE id = ${gameId} AND status IN ('active', 'finished') AND public_state_id IS DISTINCT FROM state_id`;
  return claimed === 1;
}
