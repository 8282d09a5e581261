/**
 * The turn clock's loop: every few seconds (or when tests call `tick` with a fake clock) it
 * acts on the due reminders and deadlines of the games this process serves. Deadlines live in
 * the database, so a restart re-arms everything. What a deadline leads to (the move made for
 * the player) is the seat driver's (src/bot/seat-driver.ts); the clock values are the policy's
 * (src/bot/clock-policy.ts).
 */
import { RESTJSONErrorCodes } from 'discord.js';
import { currentDecision, decidingSeat } from '../engine/index.js';
import { resolveLocale } from '../i18n/index.js';
import {
  type ActiveGame,
  claimDecisionReminder,
  claimReminder,
  dueClocks,
  gamesDueReminders,
  getGame,
  notifyWanted,
  playChannelOf,
  savedLocale,
  setTurnClock,
} from '../store/index.js';
import { catchUpAll } from './catch-up.js';
import { clockAfter, formatDuration, MISSES_BEFORE_AUTOPILOT } from './clock-policy.js';
import type { BotContext } from './context.js';
import { closeGamesOfMissingGuild, shardFilterOf } from './departures.js';
import { commitMove } from './game-flow.js';
import { messageUrl } from './refusals.js';
import { lastSeenLocale } from './replies.js';
import { computerDecides, timedOutMove } from './seat-driver.js';
import { clockReminder, directMessagesClosed, reminderText, secretDecider, timeoutLines, waitingFor } from './table/notices.js';
import { writeShownTables } from './table/publish.js';
import { discordCode } from './table/transport.js';
import { describeMove } from './text.js';

/**
 * A decision waiting this long (or half its turn limit, if sooner) earns a direct message to
 * players who asked for them (`/acquire notify on`).
 */
export const DM_REMINDER_AFTER_MS = 60_000;

/** Shows any game whose table is behind, then acts on every due reminder and deadline of the games this process serves. */
export async function tick(ctx: BotContext): Promise<void> {
  // What the tables show, written down in one statement; then tables behind their game (an
  // announcement that failed after the move was written).
  await writeShownTables(ctx).catch((error: unknown) => ctx.log.warn({ err: error }, 'could not write down what the tables show'));
  await catchUpAll(ctx);
  const now = ctx.now();
  // With several shards each process claims only its own servers' games, in the query.
  for (const due of await dueClocks(ctx.db, now, { shards: shardFilterOf(ctx.client) })) {
    if (await closeGamesOfMissingGuild(ctx, due.guildId)) continue;
    await ctx.locks
      .run(due.id, () => actOnClock(ctx, due.id, now))
      .catch((error: unknown) => {
        ctx.log.error({ err: error, gameId: due.id }, 'turn clock failed');
      });
  }
  await sendDirectReminders(ctx, now);
}

/**
 * Direct messages to players who asked for them, once per decision of theirs that has waited
 * more than a minute (or half its turn limit). When their direct messages are closed, the game's thread is told once.
 */
async function sendDirectReminders(ctx: BotContext, now: Date): Promise<void> {
  for (const due of await gamesDueReminders(ctx.db, now, { waitMs: DM_REMINDER_AFTER_MS, shards: shardFilterOf(ctx.client) })) {
    await ctx.locks
      .run(due.id, async () => {
        const game = await getGame(ctx.db, due.id);
        if (game?.status !== 'active' || !(await claimDecisionReminder(ctx.db, game.id, game.state.stateId))) return;
        const seat = decidingSeat(game.state);
        if (seat === null || game.clock.autopilot.includes(seat) || !game.publicMessageId) return;
        const userId = game.seats[seat]!.userId;
        if (!(await notifyWanted(ctx.db, userId))) return;
        // In the language they were last seen with (their own, not the game's).
        const locale = resolveLocale(lastSeenLocale(userId) ?? (await savedLocale(ctx.db, userId)));
        const text = reminderText(
          {
            guildName: ctx.client.guilds.cache.get(game.guildId)?.name ?? null,
            waitingFor: waitingFor(currentDecision(game.state), locale),
            link: messageUrl(game, game.publicMessageId),
          },
          locale,
        );
        try {
          await ctx.transport.directMessage(userId, text);
          ctx.log.info({ gameId: game.id, seat }, 'reminder sent by direct message');
        } catch (error) {
          if (discordCode(error) !== RESTJSONErrorCodes.CannotSendMessagesToThisUser) throw error;
          await sayDirectMessagesClosed(ctx, game, userId);
        }
      })
      .catch((error: unknown) => ctx.log.warn({ err: error, gameId: due.id }, 'could not send a reminder'));
  }
}

/** Said once per game and player, in this process. */
const toldClosed = new Set<string>();

async function sayDirectMessagesClosed(ctx: BotContext, game: ActiveGame, userId: string): Promise<void> {
  const key = `${game.id}:${userId}`;
  if (toldClosed.has(key)) return;
  toldClosed.add(key);
  await ctx.transport.post(playChannelOf(game), {
    body: {
      content: directMessagesClosed(userId, game.language),
      components: [],
      allowed_mentions: { parse: [], users: [] },
    },
    files: [],
  });
}

async function actOnClock(ctx: BotContext, gameId: string, now: Date): Promise<void> {
  const game = await getGame(ctx.db, gameId);
  if (game?.status !== 'active') return;
  const decider = decidingSeat(game.state);
  if (decider === null) return;
  if (game.deadlineAt && game.deadlineAt <= now) {
    const move = await timedOutMove(ctx, game);
    if (!move) return;
    const missed = (game.clock.missedInARow[decider] ?? 0) + 1;
    const lines = timeoutLines(
      {
        name: game.seats[decider]!.displayName,
        move: describeMove(move.action, game.state, game.language),
        missedInARow: missed,
        offerAutopilot: missed >= MISSES_BEFORE_AUTOPILOT && !game.clock.autopilot.includes(decider),
        secretHolderOf: secretHolderOf(game),
      },
      game.language,
    );
    ctx.log.info({ gameId: game.id, seat: decider, action: move.action.type }, 'decision timed out');
    await commitMove(ctx, game, move.action, move.mover, lines);
    return;
  }
  // A computer player is never reminded: it is thinking, or its move is on its way.
  if (game.reminderAt && game.reminderAt <= now && !computerDecides(game) && (await claimReminder(ctx.db, game.id, game.reminderAt))) {
    const left = game.deadlineAt ? Math.max(0, Math.round((game.deadlineAt.getTime() - now.getTime()) / 1000)) : 0;
    const reminder = clockReminder(
      {
        userId: game.seats[decider]!.userId,
        left: formatDuration(left, game.language),
        secretHolderOf: secretHolderOf(game),
      },
      game.language,
    );
    await ctx.transport.post(playChannelOf(game), {
      body: { content: reminder.content, components: [], allowed_mentions: { parse: [], users: reminder.ping ? [reminder.ping] : [] } },
      files: [],
    });
    // The reminder is a ping too: remembered, so that the table does not ping them again at once.
    if (reminder.ping) ctx.table.notePing(game.id, reminder.ping);
  }
}

/** The chain whose holder decides now, when who that is must stay secret (hidden holdings); else null. */
function secretHolderOf(game: ActiveGame): string | null {
  const decision = currentDecision(game.state);
  return secretDecider(game.state, decision) ? decision.defunct : null;
}

/** Arms the clock for a game's current decision if it has a limit but no deadline (start-up). */
export async function ensureClock(ctx: BotContext, game: ActiveGame): Promise<void> {
  if (game.turnLimitSeconds <= 0 || game.deadlineAt) return;
  await setTurnClock(ctx.db, game.id, game.state.stateId, clockAfter(game, game.state, null, ctx.now()));
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
