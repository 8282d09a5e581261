/**
 * A game as the store holds it, read and checked: the record types, the one conversion from a
 * database row (every JSON column checked with the engine's zod schemas), and the reads.
 *
 * A record cannot be half-valid: its status decides whether it has a state (a lobby has none,
 * a game in progress or finished has one), so no caller needs `state!`.
 */
import { z } from 'zod';
import { actionSchema, gameStateSchema, optionsSchema, type Action, type GameOptions, type GameSetup, type GameState } from '../engine/index.js';
import { isLocale, type Locale } from '../i18n/index.js';
import type { Db } from './client.js';
import { parseTurnClock, type TurnClock } from './clock.js';
import { GameStatus, Prisma } from './generated/client.js';

export type { GameStatus };

/** A lobby or a game in progress: at most one per channel. */
export const LIVE_STATUSES: GameStatus[] = ['lobby', 'active'];

export interface StoredSeat {
  seatIndex: number;
  userId: string;
  displayName: string;
  finalCash: number | null;
  finalPlace: number | null;
}

interface GameRecord {
  id: string;
  guildId: string;
  /** The text channel where the lobby was posted. */
  channelId: string;
  /** The thread the game is played in; null in the lobby or when played in the channel itself. */
  threadId: string | null;
  /** The lobby message, kept in the channel as the game's summary once it plays in a thread. */
  summaryMessageId: string | null;
  /** The options chosen in the lobby; the engine fills in the rest. */
  options: Partial<GameOptions>;
  /** The language of the game's public messages and pictures (stored with the options; the engine never sees it). */
  language: Locale;
  createdBy: string;
  /** Seconds a player has for each decision; 0 for no limit. */
  turnLimitSeconds: number;
  /** Whether panels offer Suggest (what the hard computer player would do). */
  hints: boolean;
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

export interface LobbyGame extends GameRecord {
  status: 'lobby';
  seed: null;
  state: null;
}

export interface ActiveGame extends GameRecord {
  status: 'active';
  seed: number;
  state: GameState;
}

export interface FinishedGame extends GameRecord {
  status: 'finished';
  seed: number;
  state: GameState;
}

/** Cancelled in its lobby (no state) or in play (the state where it stopped). */
export interface CancelledGame extends GameRecord {
  status: 'cancelled';
  seed: number | null;
  state: GameState | null;
}

export type StoredGame = LobbyGame | ActiveGame | FinishedGame | CancelledGame;
/** A game that was started: it has a seed and a state. */
export type StartedGame = ActiveGame | FinishedGame | (CancelledGame & { seed: number; state: GameState });

export function isStarted(game: StoredGame): game is StartedGame {
  return game.state !== null && game.seed !== null;
}

export interface Player {
  /** Discord user id. */
  id: string;
  name: string;
}

/**
 * An ordinary outcome that is not a success: the store names the reason, the bot owns the
 * sentence a player reads (src/bot/refusals.ts).
 */
export type Failure<Reason extends string> = { ok: false; reason: Reason };
export type GameResultOf<Reason extends string, Game extends StoredGame = StoredGame> = { ok: true; game: Game } | Failure<Reason>;

export const gameInclude = { seats: { orderBy: { seatIndex: 'asc' } } } satisfies Prisma.GameInclude;
export type GameRow = Prisma.GameGetPayload<{ include: typeof gameInclude }>;

export const storedOptionsSchema = optionsSchema.partial();

/** The game's language, kept in its options' JSON beside the engine's (which parsing them for the engine leaves out); English if none. */
export function languageOf(options: unknown): Locale {
  const language = typeof options === 'object' && options !== null ? (options as { language?: unknown }).language : undefined;
  return isLocale(language) ? language : 'en';
}
const storedStateSchema = gameStateSchema.nullable();

/** What `toStoredGame` reads of a row: Prisma's (with its seats), or `getGame`'s SQL row. */
type StoredRow = Omit<GameRow, 'notifiedStateId' | 'seats' | 'options' | 'state' | 'clock'> & {
  options: unknown;
  state: unknown;
  clock: unknown;
  seats: Pick<GameRow['seats'][number], 'seatIndex' | 'userId' | 'displayName' | 'finalCash' | 'finalPlace'>[];
};

/** The one conversion from a row; a row whose status and state disagree is a broken invariant. */
export function toStoredGame(row: StoredRow): StoredGame {
  return withState(row, storedStateSchema.parse(row.state));
}

/** `toStoredGame` with the row's state already parsed and checked. */
function withState(row: StoredRow, state: GameState | null): StoredGame {
  const broken = (why: string) => new Error(`Game ${row.id} is ${row.status} but ${why}.`);
  switch (row.status) {
    case 'lobby':
      if (state !== null) throw broken('has a state');
      return recordOf(row, { status: 'lobby', seed: null, state: null });
    case 'active':
    case 'finished':
      if (state === null || row.seed === null) throw broken('has no state or seed');
      if (state.stateId !== row.stateId) throw broken(`its state id column (${row.stateId}) is not its state's (${state.stateId})`);
      return recordOf(row, { status: row.status, seed: row.seed, state });
    case 'cancelled':
      return recordOf(row, { status: 'cancelled', seed: row.seed, state });
  }
}

/**
 * The record of `row` with its status, seed and state, made as one object literal rather than a
 * record spread into a new one with them added (`{ ...base, status, seed, state }`): on Node 20
 * a spread that adds properties to an object of some seventeen is one of V8's slow paths, about
 * 6 µs, and `withState` was 0.7 % of the event loop at the load bench's ceiling (a profile of
 * 2026-11-28). A row's conversion with its state checked: 8.9 µs against 12.0 in a loop.
 */
function recordOf(row: StoredRow, started: Pick<StoredGame, 'status' | 'seed' | 'state'>): StoredGame {
  // The caller pairs each status with its seed and state (the switch above); the union of
  // record types cannot see that through the variables, hence the one assertion.
  return {
    id: row.id,
    guildId: row.guildId,
    channelId: row.channelId,
    threadId: row.threadId,
    summaryMessageId: row.summaryMessageId,
    options: storedOptionsSchema.parse(row.options),
    language: languageOf(row.options),
    createdBy: row.createdBy,
    turnLimitSeconds: row.turnLimitSeconds,
    hints: row.hints,
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
    status: started.status,
    seed: started.seed,
    state: started.state,
  } satisfies GameRecord & typeof started as StoredGame;
}

/**
 * Engine values are plain JSON by the engine's contract (see engine/types.ts), but TypeScript
 * interfaces carry no index signature, so they need this one conversion to Prisma's JSON type.
 */
export function json(value: GameState | Action | Partial<GameOptions> | TurnClock): Prisma.InputJsonObject {
  return value as unknown as Prisma.InputJsonObject;
}

export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}

/** `getGame`'s row, checked; the JSON columns are checked by `toStoredGame`. */
const gameRowSchema = z.object({
  id: z.string(),
  guildId: z.string(),
  channelId: z.string(),
  threadId: z.string().nullable(),
  summaryMessageId: z.string().nullable(),
  status: z.enum(GameStatus),
  options: z.unknown(),
  seed: z.number().int().nullable(),
  state: z.unknown(),
  stateId: z.number().int(),
  createdBy: z.string(),
  turnLimitSeconds: z.number().int(),
  hints: z.boolean(),
  publicMessageId: z.string().nullable(),
  publicStateId: z.number().int().nullable(),
  deadlineAt: z.date().nullable(),
  reminderAt: z.date().nullable(),
  clock: z.unknown(),
  createdAt: z.date(),
  updatedAt: z.date(),
  seats: z.array(
    z.object({
      seatIndex: z.number().int(),
      userId: z.string(),
      displayName: z.string(),
      finalCash: z.number().int().nullable(),
      finalPlace: z.number().int().nullable(),
    }),
  ),
}) satisfies z.ZodType<StoredRow>;

/**
 * A game and its seats. Every click reads one, so it is written in SQL: Prisma's own read of
 * the same row (`findUnique` with its seats) cost about half as much CPU again on the event loop
 * (0.74–1.1 ms against 0.49–0.81 a read, the row and state checked by zod in both, PostgreSQL on
 * the same machine, runs alternated).
 */
export async function getGame(db: Db, gameId: string): Promise<StoredGame | null> {
  const rows = await db.$queryRaw<Record<string, unknown>[]>(
    Prisma.sql`
    SELECT g.id, g.guild_id AS "guildId", g.channel_id AS "channelId", g.thread_id AS "threadId",
      g.summary_message_id AS "summaryMessageId", g.status::text AS status, g.options, g.seed, g.state,
      g.state_id AS "stateId", g.created_by AS "createdBy", g.turn_limit_seconds AS "turnLimitSeconds", g.hints,
      g.public_message_id AS "publicMessageId", g.public_state_id AS "publicStateId", g.deadline_at AS "deadlineAt",
      g.reminder_at AS "reminderAt", g.clock, g.created_at AS "createdAt", g.updated_at AS "updatedAt",
      COALESCE((SELECT json_agg(json_build_object('seatIndex', s.seat_index, 'userId', s.user_id, 'displayName', s.display_name,
        'finalCash', s.final_cash, 'finalPlace', s.final_place) ORDER BY s.seat_index) FROM seats s WHERE s.game_id = g.id), '[]'::json) AS seats
    FROM games g WHERE g.id = ${gameId}`,
  );
  if (rows.length === 0) return null;
  return toStoredGame(gameRowSchema.parse(rows[0]));
}

/** Where a game's buttons and messages are: its thread, or the channel itself (lobbies always). */
export function playChannelOf(game: Pick<StoredGame, 'status' | 'channelId' | 'threadId'>): string {
  return game.status === 'lobby' ? game.channelId : (game.threadId ?? game.channelId);
}

/**
 * A lobby or game in progress here: `channelId` is a game's thread, or the channel where its
 * lobby was posted (the newest first when several games started there).
 */
export async function findLiveGame(db: Db, channelId: string): Promise<LobbyGame | ActiveGame | null> {
  return (await liveGamesIn(db, channelId))[0] ?? null;
}

/** Every lobby and game in progress of a channel (its threads' included) or of a thread, newest first. */
export async function liveGamesIn(db: Db, channelId: string): Promise<(LobbyGame | ActiveGame)[]> {
  const rows = await db.game.findMany({
    where: { status: { in: LIVE_STATUSES }, OR: [{ channelId }, { threadId: channelId }] },
    include: gameInclude,
    orderBy: { createdAt: 'desc' },
  });
  return rows.map(toStoredGame).filter((game): game is LobbyGame | ActiveGame => game.status === 'lobby' || game.status === 'active');
}

/** The lobby, or game played in the channel itself, that keeps a new lobby out of the channel. */
export async function channelHolder(db: Db, channelId: string): Promise<LobbyGame | ActiveGame | null> {
  const row = await db.game.findFirst({ where: { channelId, threadId: null, status: { in: LIVE_STATUSES } }, include: gameInclude });
  const game = row && toStoredGame(row);
  return game && (game.status === 'lobby' || game.status === 'active') ? game : null;
}

export interface LoggedAction {
  /** The state id the action led to: 1, 2, 3 … without gaps. */
  sequence: number;
  userId: string;
  action: Action;
  createdAt: Date;
}

/** The game's accepted actions, oldest first. */
export async function getActionLog(db: Db, gameId: string): Promise<LoggedAction[]> {
  const rows = await db.gameAction.findMany({ where: { gameId }, orderBy: { sequence: 'asc' } });
  return rows.map((row) => ({ sequence: row.sequence, userId: row.userId, action: actionSchema.parse(row.action), createdAt: row.createdAt }));
}

/** What `replay` needs to rebuild a started game's state from its action log. */
export function setupOf(game: Pick<StoredGame, 'seats' | 'options' | 'seed'>): GameSetup {
  if (game.seed === null) throw new Error('This game has not started: it has no setup yet.');
  return {
    players: game.seats.map((seat) => ({ id: seat.userId, name: seat.displayName })),
    options: game.options,
    seed: game.seed,
  };
}

/** Remembers the channel message that shows the game now, and the state it shows. */
export async function setPublicMessage(db: Db, gameId: string, messageId: string, stateId: number | null = null): Promise<void> {
  await db.game.update({ where: { id: gameId }, data: { publicMessageId: messageId, publicStateId: stateId } });
}

/**
 * Records a table message the moment it is posted, guarded: it becomes the game's table unless
 * a message of a newer state is on record already (another process moved the game on meanwhile).
 * Returns whether it did and the message it replaced, so that the caller takes the buttons off
 * whichever of the two is not the table: at most one message of a game has buttons that act.
 */
export async function recordTableMessage(db: Db, gameId: string, messageId: string, stateId: number): Promise<{ recorded: boolean; replaced: string | null }> {
  const rows = await db.$queryRaw<{ replaced: string | null }[]>`
    WITH old AS (SELECT id, public_message_id FROM games WHERE id = ${gameId} FOR UPDATE)
    UPDATE games SET public_message_id = ${messageId}, public_state_id = ${stateId}
    FROM old WHERE games.id = old.id AND (games.public_state_id IS NULL OR games.public_state_id <= ${stateId})
    RETURNING old.public_message_id AS replaced`;
  return rows[0] ? { recorded: true, replaced: rows[0].replaced } : { recorded: false, replaced: null };
}

/** The table message that shows a game now and the state it shows. */
export interface ShownTable {
  gameId: string;
  messageId: string;
  stateId: number;
}

/**
 * Writes down what many tables show, in one statement: the bot keeps this in memory as it shows
 * each move and writes it at its tick and when it stops, so that a move costs one write (the
 * move's own). A record never goes back to an older state.
 */
export async function recordShownTables(db: Db, shown: readonly ShownTable[]): Promise<void> {
  if (shown.length === 0) return;
  const rows = JSON.stringify(shown.map((table) => ({ id: table.gameId, message_id: table.messageId, state_id: table.stateId })));
  await db.$executeRaw`
    UPDATE games SET public_message_id = shown.message_id, public_state_id = shown.state_id
    FROM jsonb_to_recordset(${rows}::jsonb) AS shown(id text, message_id text, state_id int)
    WHERE games.id = shown.id AND (games.public_state_id IS NULL OR games.public_state_id <= shown.state_id)`;
}

/** Checks rows read with raw SQL. */
export const movedRowSchema = z.object({
  state_id: z.number().int(),
  public_message_id: z.string().nullable(),
  public_state_id: z.number().int().nullable(),
});

/** A server's latest finished games, newest first. */
export async function recentFinished(db: Db, guildId: string, where: { channelId?: string } = {}, limit = 5): Promise<FinishedGame[]> {
  const rows = await db.game.findMany({ where: { guildId, status: 'finished', ...where }, include: gameInclude, orderBy: { updatedAt: 'desc' }, take: limit });
  return rows.map(toStoredGame).filter((game): game is FinishedGame => game.status === 'finished');
}
