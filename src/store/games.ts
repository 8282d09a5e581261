/**
 * The game repository: lobbies, seats, the engine state and the action log of every game.
 *
 * Ordinary outcomes (a busy channel, a full lobby, a refused or stale move) come back as typed
 * results; only broken invariants and database failures throw. Every JSON column is checked with
 * the engine's zod schemas when read.
 */
import { randomInt } from 'node:crypto';
import { z } from 'zod';
import {
  MAX_PLAYERS,
  MIN_PLAYERS,
  SetupError,
  actionSchema,
  apply,
  createGame,
  gameStateSchema,
  optionsSchema,
  type Action,
  type GameEvent,
  type GameOptions,
  type GameSetup,
  type GameState,
  type RejectionCode,
} from '../engine/index.js';
import type { Db, PrismaClient } from './client.js';
import { parseTurnClock, type TurnClock } from './clock.js';
import { Prisma, type GameStatus } from './generated/client.js';

export type { GameStatus };

/** A lobby or a game in progress: at most one per channel. */
const LIVE_STATUSES: GameStatus[] = ['lobby', 'active'];

export interface StoredSeat {
  seatIndex: number;
  userId: string;
  displayName: string;
  finalCash: number | null;
  finalPlace: number | null;
}

export interface StoredGame {
  id: string;
  guildId: string;
  channelId: string;
  status: GameStatus;
  /** The options chosen in the lobby; the engine fills in the rest. */
  options: Partial<GameOptions>;
  /** Null until the game starts. */
  seed: number | null;
  /** Null until the game starts. */
  state: GameState | null;
  /** Accepted actions so far; `applyAction` expects the caller to name the version it saw. */
  version: number;
  createdBy: string;
  /** Seconds a player has for each decision; 0 for no limit. */
  turnLimitSeconds: number;
  /** The channel message showing the game now, once the bot has posted one. */
  publicMessageId: string | null;
  /** The engine state id that message shows. */
  publicStateId: number | null;
  /** When the current decision times out, with turn limits. */
  deadlineAt: Date | null;
  /** When the half-time reminder is due; null once sent or without limit. */
  reminderAt: Date | null;
  clock: TurnClock;
  createdAt: Date;
  updatedAt: Date;
  /** In seat order; once the game starts, seat i is player i of the engine state. */
  seats: StoredSeat[];
}

export interface Player {
  /** Discord user id. */
  id: string;
  name: string;
}

export type Failure<Reason extends string> = { ok: false; reason: Reason; message: string };
export type GameResultOf<Reason extends string> = { ok: true; game: StoredGame } | Failure<Reason>;

export type CreateLobbyResult =
  | { ok: true; game: StoredGame }
  | (Failure<'channel_busy'> & { existingGameId: string; existingMessageUrl: string | null });
export type JoinResult = GameResultOf<'not_found' | 'not_lobby' | 'already_seated' | 'full'>;
export type LeaveResult = GameResultOf<'not_found' | 'not_lobby' | 'not_seated'>;
export type StartResult = GameResultOf<'not_found' | 'not_lobby' | 'not_enough_players' | 'setup_failed'>;
export type CancelResult = GameResultOf<'not_found' | 'not_live'>;
export type ApplyActionResult =
  | { ok: true; game: StoredGame; events: GameEvent[] }
  /** `stale`: another action was accepted since `expectedVersion`; nothing was written. */
  | Failure<'not_found' | 'not_active' | 'stale'>
  | (Failure<'rejected'> & { code: RejectionCode });

const gameInclude = { seats: { orderBy: { seatIndex: 'asc' } } } satisfies Prisma.GameInclude;
type GameRow = Prisma.GameGetPayload<{ include: typeof gameInclude }>;

const storedOptionsSchema = optionsSchema.partial();
const storedStateSchema = gameStateSchema.nullable();

function toStoredGame(row: GameRow): StoredGame {
  return {
    id: row.id,
    guildId: row.guildId,
    channelId: row.channelId,
    status: row.status,
    options: storedOptionsSchema.parse(row.options),
    seed: row.seed,
    state: storedStateSchema.parse(row.state),
    version: row.version,
    createdBy: row.createdBy,
    turnLimitSeconds: row.turnLimitSeconds,
    publicMessageId: row.publicMessageId,
    publicStateId: row.publicStateId,
    deadlineAt: row.deadlineAt,
    reminderAt: row.reminderAt,
    clock: parseTurnClock(row.clock),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    seats: row.seats.map((seat) => ({
      seatIndex: seat.seatIndex,
      userId: seat.userId,
      displayName: seat.displayName,
      finalCash: seat.finalCash,
      finalPlace: seat.finalPlace,
    })),
  };
}

/**
 * Engine values are plain JSON by the engine's contract (see engine/types.ts), but TypeScript
 * interfaces carry no index signature, so they need this one conversion to Prisma's JSON type.
 */
function json(value: GameState | Action | Partial<GameOptions>): Prisma.InputJsonObject {
  return value as unknown as Prisma.InputJsonObject;
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}

// ---------------------------------------------------------------------------------------------
// Reading

export async function getGame(db: Db, gameId: string): Promise<StoredGame | null> {
  const row = await db.game.findUnique({ where: { id: gameId }, include: gameInclude });
  return row && toStoredGame(row);
}

/** The channel's lobby or game in progress, if any. */
export async function findLiveGame(db: Db, channelId: string): Promise<StoredGame | null> {
  const row = await db.game.findFirst({
    where: { channelId, status: { in: LIVE_STATUSES } },
    include: gameInclude,
  });
  return row && toStoredGame(row);
}

export interface LoggedAction {
  sequence: number;
  userId: string;
  action: Action;
  createdAt: Date;
}

/** The game's accepted actions, oldest first. */
export async function getActionLog(db: Db, gameId: string): Promise<LoggedAction[]> {
  const rows = await db.gameAction.findMany({ where: { gameId }, orderBy: { sequence: 'asc' } });
  return rows.map((row) => ({
    sequence: row.sequence,
    userId: row.userId,
    action: actionSchema.parse(row.action),
    createdAt: row.createdAt,
  }));
}

/** What `replay` needs to rebuild a started game's state from its action log. */
export function setupOf(game: StoredGame): GameSetup {
  if (game.seed === null) throw new Error(`Game ${game.id} has not started: it has no setup yet.`);
  return {
    players: game.seats.map((seat) => ({ id: seat.userId, name: seat.displayName })),
    options: game.options,
    seed: game.seed,
  };
}

// ---------------------------------------------------------------------------------------------
// The lobby

/** How often createLobby tries again when the channel's live game ended while it looked. */
const CREATE_LOBBY_ATTEMPTS = 3;

/**
 * Opens a lobby in a channel with the host in seat 0. A channel holds at most one live game;
 * the database's partial unique index decides, so two hosts racing cannot both succeed.
 */
export async function createLobby(
  db: PrismaClient,
  input: { guildId: string; channelId: string; host: Player; options?: Partial<GameOptions>; turnLimitSeconds?: number },
): Promise<CreateLobbyResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      const row = await db.game.create({
        data: {
          guildId: input.guildId,
          channelId: input.channelId,
          createdBy: input.host.id,
          turnLimitSeconds: input.turnLimitSeconds ?? 0,
          options: json(storedOptionsSchema.parse(input.options ?? {})),
          seats: { create: { seatIndex: 0, userId: input.host.id, displayName: input.host.name } },
        },
        include: gameInclude,
      });
      return { ok: true, game: toStoredGame(row) };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const existing = await findLiveGame(db, input.channelId);
    if (existing) {
      return {
        ok: false,
        reason: 'channel_busy',
        existingGameId: existing.id,
        existingMessageUrl: existing.publicMessageId && messageUrl(existing, existing.publicMessageId),
        message: `This channel already has a ${existing.status === 'lobby' ? 'lobby' : 'game in progress'}.`,
      };
    }
    // The game that held the channel ended between the insert and the look-up: try again.
    if (attempt === CREATE_LOBBY_ATTEMPTS) throw new Error(`Could not open a lobby in channel ${input.channelId}.`);
  }
}

function messageUrl(game: StoredGame, messageId: string): string {
  return `https://discord.com/channels/${game.guildId}/${game.channelId}/${messageId}`;
}

/** Remembers the channel message that shows the game now, and the state it shows. */
export async function setPublicMessage(db: Db, gameId: string, messageId: string, stateId: number | null = null): Promise<void> {
  await db.game.update({ where: { id: gameId }, data: { publicMessageId: messageId, publicStateId: stateId } });
}

/**
 * Runs `change` on a lobby in a transaction holding the game's row lock, so that joins, leaves
 * and the start of one lobby happen one after the other and seat numbers stay 0, 1, 2 …
 */
async function changeLobby<Reason extends string>(
  db: PrismaClient,
  gameId: string,
  change: (tx: Prisma.TransactionClient, game: StoredGame) => Promise<Failure<Reason> | null>,
): Promise<GameResultOf<Reason | 'not_found' | 'not_lobby'>> {
  return db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<unknown[]>`SELECT 1 FROM games WHERE id = ${gameId} FOR UPDATE`;
    const game = locked.length > 0 ? await getGame(tx, gameId) : null;
    if (!game) return { ok: false, reason: 'not_found', message: 'That game does not exist.' };
    if (game.status !== 'lobby') {
      return { ok: false, reason: 'not_lobby', message: 'That game is no longer in its lobby.' };
    }
    const failure = await change(tx, game);
    if (failure) return failure;
    const changed = await getGame(tx, gameId);
    if (!changed) throw new Error(`Game ${gameId} vanished inside its own transaction.`);
    return { ok: true, game: changed };
  });
}

export async function joinLobby(db: PrismaClient, gameId: string, player: Player): Promise<JoinResult> {
  return changeLobby(db, gameId, async (tx, game) => {
    if (game.seats.some((seat) => seat.userId === player.id)) {
      return { ok: false, reason: 'already_seated', message: 'You are already in this lobby.' };
    }
    if (game.seats.length >= MAX_PLAYERS) {
      return { ok: false, reason: 'full', message: `The lobby is full (${MAX_PLAYERS} players).` };
    }
    await tx.seat.create({
      data: { gameId, seatIndex: game.seats.length, userId: player.id, displayName: player.name },
    });
    await tx.game.update({ where: { id: gameId }, data: { updatedAt: new Date() } });
    return null;
  });
}

/** Leaves a lobby; the seats after the one left move up. A lobby may end up empty. */
export async function leaveLobby(db: PrismaClient, gameId: string, userId: string): Promise<LeaveResult> {
  return changeLobby(db, gameId, async (tx, game) => {
    const leaving = game.seats.find((seat) => seat.userId === userId);
    if (!leaving) return { ok: false, reason: 'not_seated', message: 'You are not in this lobby.' };
    await tx.seat.delete({ where: { gameId_seatIndex: { gameId, seatIndex: leaving.seatIndex } } });
    // One seat at a time, lowest first: each moves into the index just freed, which keeps the
    // primary key unique at every step (a single UPDATE could collide half-way).
    for (const seat of game.seats.filter((seat) => seat.seatIndex > leaving.seatIndex)) {
      await tx.seat.update({
        where: { gameId_seatIndex: { gameId, seatIndex: seat.seatIndex } },
        data: { seatIndex: seat.seatIndex - 1 },
      });
    }
    await tx.game.update({ where: { id: gameId }, data: { updatedAt: new Date() } });
    return null;
  });
}

/**
 * Starts the game with the lobby's seats in order. The seed is drawn here unless given (tests);
 * it is stored so that the action log can be replayed.
 */
export async function startGame(
  db: PrismaClient,
  gameId: string,
  seed: number = randomInt(2 ** 31),
): Promise<StartResult> {
  return changeLobby(db, gameId, async (tx, game) => {
    if (game.seats.length < MIN_PLAYERS) {
      return { ok: false, reason: 'not_enough_players', message: `Acquire needs at least ${MIN_PLAYERS} players.` };
    }
    let state: GameState;
    try {
      state = createGame(setupOf({ ...game, seed }));
    } catch (error) {
      if (error instanceof SetupError) return { ok: false, reason: 'setup_failed', message: error.message };
      throw error;
    }
    await tx.game.update({
      where: { id: gameId },
      data: { status: 'active', seed, state: json(state), version: 0 },
    });
    return null;
  });
}

export async function cancelGame(db: PrismaClient, gameId: string): Promise<CancelResult> {
  const { count } = await db.game.updateMany({
    where: { id: gameId, status: { in: LIVE_STATUSES } },
    data: { status: 'cancelled' },
  });
  const game = await getGame(db, gameId);
  if (!game) return { ok: false, reason: 'not_found', message: 'That game does not exist.' };
  if (count === 0) return { ok: false, reason: 'not_live', message: 'That game has already ended.' };
  return { ok: true, game };
}

// ---------------------------------------------------------------------------------------------
// Playing

/**
 * Plays one action. `expectedVersion` is the game's version the player saw; when another action
 * was accepted since, nothing is written and the result is `stale`. The new state, the log row
 * (sequence = the new version, so the log has no gap) and, when the action ends the game, the
 * final standings are written in one atomic statement.
 *
 * `loaded`, the game as the caller read it from the store at `expectedVersion`, spares reading
 * it again (the bot holds it already). That is safe: only accepted actions change the state,
 * and each bumps the version, so the write's version guard refuses a state that is out of date.
 * A `loaded` game of another id or version is ignored and the game read.
 */
export async function applyAction(
  db: Db,
  gameId: string,
  expectedVersion: number,
  userId: string,
  action: Action,
  loaded?: StoredGame,
): Promise<ApplyActionResult> {
  const game = loaded?.id === gameId && loaded.version === expectedVersion ? loaded : await getGame(db, gameId);
  if (!game) return notFound();
  if (game.status !== 'active' || !game.state) return notActive();
  if (game.version !== expectedVersion) return stale();
  if (action.player !== userId) {
    return { ok: false, reason: 'rejected', code: 'action/not_your_decision', message: 'You can only act for yourself.' };
  }
  const outcome = apply(game.state, action);
  if (!outcome.ok) return { ok: false, reason: 'rejected', code: outcome.code, message: outcome.message };

  const { state, events } = outcome;
  const status: GameStatus = state.result ? 'finished' : 'active';
  const standings = state.result?.standings.map(({ seat, cash, place }) => ({ seat, cash, place })) ?? [];
  // Set here rather than by the database so that the game need not be read back: everything
  // written is known.
  const updatedAt = new Date();
  // One statement rather than the usual `updateMany({ where: { id, version } })` then `create`
  // in an interactive transaction: the same version guard, but one round trip instead of four
  // (BEGIN, update, insert, COMMIT), each of which also queues behind a busy machine. On a
  // local PostgreSQL with the machine loaded (2 cores, load average ~10), the write took
  // p50 4.0 ms, p99 11–13 ms against p50 7.4–7.8 ms, p99 26–28 ms for the interactive
  // transaction. A batch `$transaction([updateMany, create])` was no quicker (p50 ~8 ms) and
  // cannot make the insert depend on the update's count. Here it does: the log row and the
  // standings are written from `moved`, which is empty unless the guard matched, and a
  // statement is atomic. Of two concurrent writers the second waits for the first's row lock,
  // then finds the version changed and writes nothing.
  const rows = await db.$queryRaw<unknown[]>`
    WITH moved AS (
      UPDATE games
      SET state = ${JSON.stringify(state)}::jsonb, version = version + 1,
          status = ${status}::game_status, updated_at = ${updatedAt},
          -- The decision the deadline was for is made: no time-out may act on the next one
          -- before the bot sets its own clock (src/store/clock.ts).
          deadline_at = NULL, reminder_at = NULL
      WHERE id = ${gameId} AND version = ${expectedVersion} AND status = 'active'
      RETURNING id, version, public_message_id, public_state_id, deadline_at, reminder_at, clock
    ), logged AS (
      INSERT INTO game_actions (game_id, sequence, user_id, action)
      SELECT id, version, ${userId}, ${JSON.stringify(action)}::jsonb FROM moved
    ), ranked AS (
      UPDATE seats SET final_cash = standing.cash, final_place = standing.place
      FROM moved, jsonb_to_recordset(${JSON.stringify(standings)}::jsonb) AS standing(seat int, cash int, place int)
      WHERE seats.game_id = moved.id AND seats.seat_index = standing.seat
    )
    SELECT version, public_message_id, public_state_id, deadline_at, reminder_at, clock FROM moved`;
  if (rows.length === 0) return notWritten(db, gameId);
  const moved = movedRowSchema.parse(rows[0]);
  if (moved.version !== expectedVersion + 1) throw new Error(`Game ${gameId} moved to version ${moved.version}.`);
  const seats = game.seats.map((seat) => {
    const standing = standings.find((entry) => entry.seat === seat.seatIndex);
    return standing ? { ...seat, finalCash: standing.cash, finalPlace: standing.place } : seat;
  });
  return {
    ok: true,
    game: {
      ...game,
      status,
      state,
      version: moved.version,
      updatedAt,
      seats,
      // Columns that change without a version bump: `loaded` may hold older values.
      publicMessageId: moved.public_message_id,
      publicStateId: moved.public_state_id,
      deadlineAt: moved.deadline_at,
      reminderAt: moved.reminder_at,
      clock: parseTurnClock(moved.clock),
    },
    events,
  };
}

/** What `applyAction` reads back from its write. */
const movedRowSchema = z.object({
  version: z.number().int(),
  public_message_id: z.string().nullable(),
  public_state_id: z.number().int().nullable(),
  deadline_at: z.date().nullable(),
  reminder_at: z.date().nullable(),
  clock: z.unknown(),
});

/** Why the version-guarded write matched nothing; only read on that path. */
async function notWritten(db: Db, gameId: string): Promise<Failure<'not_found' | 'not_active' | 'stale'>> {
  const game = await db.game.findUnique({ where: { id: gameId }, select: { status: true } });
  if (!game) return notFound();
  if (game.status !== 'active') return notActive();
  return stale();
}

function notFound(): Failure<'not_found'> {
  return { ok: false, reason: 'not_found', message: 'That game does not exist.' };
}

function notActive(): Failure<'not_active'> {
  return { ok: false, reason: 'not_active', message: 'That game is not in progress.' };
}

function stale(): Failure<'stale'> {
  return { ok: false, reason: 'stale', message: 'The game has moved on since; look at the latest message.' };
}

// ---------------------------------------------------------------------------------------------
// Results

export interface LeaderboardEntry {
  userId: string;
  /** The name the player used in their latest finished game. */
  displayName: string;
  games: number;
  wins: number;
  bestCash: number;
  averageCash: number;
}

const leaderboardRowSchema = z.object({
  user_id: z.string(),
  display_name: z.string(),
  games: z.number().int(),
  wins: z.number().int(),
  best_cash: z.number().int(),
  average_cash: z.number().int(),
});

/** A server's players ranked by wins, then by best final cash, over its finished games. */
export async function guildLeaderboard(db: Db, guildId: string, limit = 10): Promise<LeaderboardEntry[]> {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT s.user_id,
           (array_agg(s.display_name ORDER BY g.updated_at DESC))[1] AS display_name,
           count(*)::int AS games,
           (count(*) FILTER (WHERE s.final_place = 1))::int AS wins,
           max(s.final_cash)::int AS best_cash,
           round(avg(s.final_cash))::int AS average_cash
    FROM seats s
    JOIN games g ON g.id = s.game_id
    WHERE g.guild_id = ${guildId} AND g.status = 'finished'
    GROUP BY s.user_id
    ORDER BY wins DESC, best_cash DESC, s.user_id
    LIMIT ${limit}`;
  return rows.map((raw) => {
    const row = leaderboardRowSchema.parse(raw);
    return {
      userId: row.user_id,
      displayName: row.display_name,
      games: row.games,
      wins: row.wins,
      bestCash: row.best_cash,
      averageCash: row.average_cash,
    };
  });
}
