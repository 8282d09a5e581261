/**
 * Where a game is shown and who is told: the thread it is played in and its summary message in
 * the channel, the last finished game of a channel (for `/acquire status`), and the players'
 * direct-message reminders (`/acquire notify`): the setting, and which waiting decisions are due
 * a reminder, each claimed once.
 */
import type { Db } from './client.js';
import type { ShardFilter } from './clock.js';
import { gameInclude, toStoredGame, type FinishedGame } from './records.js';

/** The game now plays in `threadId`; the lobby message stays in the channel as its summary. */
export async function setThread(db: Db, gameId: string, threadId: string, summaryMessageId: string | null): Promise<void> {
  await db.game.update({ where: { id: gameId }, data: { threadId, summaryMessageId } });
}

/** The newest finished game played here (`channelId` is its thread, or the channel of its lobby). */
export async function lastFinishedGame(db: Db, channelId: string): Promise<FinishedGame | null> {
  const row = await db.game.findFirst({
    where: { status: 'finished', OR: [{ channelId }, { threadId: channelId }] },
    include: gameInclude,
    orderBy: { updatedAt: 'desc' },
  });
  const game = row && toStoredGame(row);
  return game?.status === 'finished' ? game : null;
}

/** `locale`: the Discord locale they asked with, the language of their direct messages. */
export async function setNotify(db: Db, userId: string, notify: boolean, locale: string | null = null): Promise<void> {
  await db.playerSetting.upsert({
    where: { userId },
    create: { userId, notify, locale },
    update: { notify, ...(locale ? { locale } : {}) },
  });
}

export async function notifyWanted(db: Db, userId: string): Promise<boolean> {
  const row = await db.playerSetting.findUnique({ where: { userId }, select: { notify: true } });
  return row?.notify ?? false;
}

/** The Discord locale `userId` was last seen with (at `/acquire notify`), or null. */
export async function savedLocale(db: Db, userId: string): Promise<string | null> {
  const row = await db.playerSetting.findUnique({
    where: { userId },
    select: { locale: true },
  });
  return row?.locale ?? null;
}

/**
 * Games in progress of this process's servers whose decision has waited `waitMs` at `now` (or,
 * under a turn limit, half the limit if that is sooner, so that the reminder comes before the
 * default move), not yet considered for a reminder, with at least one player who asked for
 * reminders. Oldest first. A decision's wait counts from its own start: under a limit, its
 * deadline less the limit (the row is written again meanwhile, by the half-time reminder for
 * one); without one, the row's last write, which is the move's (give or take a tick's note of
 * what the table shows).
 */
export async function gamesDueReminders(
  db: Db,
  now: Date,
  { waitMs = 60_000, shards = null, limit = 50 }: { waitMs?: number; shards?: ShardFilter | null; limit?: number } = {},
): Promise<{ id: string; guildId: string }[]> {
  const sharded = shards !== null && shards.count > 1;
  const before = new Date(now.getTime() - waitMs);
  return db.$queryRaw<{ id: string; guildId: string }[]>`
    SELECT g.id, g.guild_id AS "guildId" FROM games g
    WHERE g.status = 'active'
      AND CASE WHEN g.turn_limit_seconds > 0 AND g.deadline_at IS NOT NULL
        THEN g.deadline_at - make_interval(secs => g.turn_limit_seconds - LEAST(${waitMs / 1000}::float8, g.turn_limit_seconds / 2.0)) <= ${now}
        ELSE g.updated_at <= ${before} END
      AND g.notified_state_id IS DISTINCT FROM g.state_id
      AND EXISTS (SELECT 1 FROM seats s JOIN player_settings p ON p.user_id = s.user_id AND p.notify WHERE s.game_id = g.id)
      AND (${!sharded} OR (g.guild_id ~ '^[0-9]{1,19}$' AND ((g.guild_id::bigint >> 22) % ${shards?.count ?? 1}) = ANY(${[...(shards?.ids ?? [0])]}::int[])))
    ORDER BY g.updated_at ASC
    LIMIT ${limit}`;
}

/** Takes the reminder of the decision at `stateId` for this process; false when another took it or the game moved on. */
export async function claimDecisionReminder(db: Db, gameId: string, stateId: number): Promise<boolean> {
  const claimed = await db.$executeRaw`
    UPDATE games SET notified_state_id = state_id
    WHERE id = ${gameId} AND state_id = ${stateId} AND status = 'active' AND notified_state_id IS DISTINCT FROM state_id`;
  return claimed === 1;
}
