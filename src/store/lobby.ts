/**
 * Lobbies: opening one in a channel, seats joining and leaving, the start, and cancelling a
 * live game. Ordinary outcomes come back as reasons; only broken invariants and database
 * failures throw.
 */
import { randomInt } from 'node:crypto';
import { MAX_PLAYERS, MIN_PLAYERS, SetupError, createGame, type GameOptions, type GameState } from '../engine/index.js';
import type { Locale } from '../i18n/index.js';
import type { PrismaClient } from './client.js';
import type { Prisma } from './generated/client.js';
import {
  type ActiveGame,
  channelHolder,
  type Failure,
  type GameResultOf,
  gameInclude,
  getGame,
  isUniqueViolation,
  json,
  LIVE_STATUSES,
  type LobbyGame,
  type Player,
  type StoredGame,
  setupOf,
  storedOptionsSchema,
  toStoredGame,
} from './records.js';

export type CreateLobbyResult =
  | { ok: true; game: LobbyGame }
  /** The channel's live game, so that the bot can point at it. */
  | (Failure<'channel_busy'> & { existing: LobbyGame | ActiveGame });
export type JoinResult = GameResultOf<'not_found' | 'not_lobby' | 'already_seated' | 'full', LobbyGame>;
export type LeaveResult = GameResultOf<'not_found' | 'not_lobby' | 'not_seated', LobbyGame>;
export type StartResult = GameResultOf<'not_found' | 'not_lobby' | 'not_enough_players', ActiveGame> | (Failure<'setup_failed'> & { detail: string });
export type CancelResult = GameResultOf<'not_found' | 'not_live'>;

/** How often createLobby tries again when the channel's live game ended while it looked. */
const CREATE_LOBBY_ATTEMPTS = 3;

/** Time for a lobby's message to be posted; a lobby still without one after it was never shown. */
export const UNPOSTED_LOBBY_MS = 30_000;

function isUnposted(game: LobbyGame | ActiveGame): boolean {
  return game.status === 'lobby' && game.publicMessageId === null && Date.now() - game.createdAt.getTime() > UNPOSTED_LOBBY_MS;
}

/**
 * Opens a lobby in a channel with the host in seat 0. A channel holds at most one lobby (or game
 * played in the channel itself); games played in threads do not count. The database's partial
 * unique index decides, so two hosts racing cannot both succeed.
 */
export async function createLobby(
  db: PrismaClient,
  input: {
    guildId: string;
    channelId: string;
    host: Player;
    options?: Partial<GameOptions>;
    language?: Locale;
    turnLimitSeconds?: number;
    hints?: boolean;
  },
): Promise<CreateLobbyResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      const row = await db.game.create({
        data: {
          guildId: input.guildId,
          channelId: input.channelId,
          createdBy: input.host.id,
          turnLimitSeconds: input.turnLimitSeconds ?? 0,
          hints: input.hints ?? false,
          options: json({
            ...storedOptionsSchema.parse(input.options ?? {}),
            ...(input.language ? { language: input.language } : {}),
          }),
          seats: { create: { seatIndex: 0, userId: input.host.id, displayName: input.host.name } },
        },
        include: gameInclude,
      });
      return { ok: true, game: toStoredGame(row) as LobbyGame };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const existing = await channelHolder(db, input.channelId);
    if (existing && isUnposted(existing)) {
      // A lobby is real only once its message is posted: one whose post never happened (its
      // process died, or lost a race for the interaction) must not block the channel.
      await db.game.updateMany({ where: { id: existing.id, status: 'lobby', publicMessageId: null }, data: { status: 'cancelled' } });
      continue;
    }
    if (existing) return { ok: false, reason: 'channel_busy', existing };
    // The game that held the channel ended between the insert and the look-up: try again.
    if (attempt === CREATE_LOBBY_ATTEMPTS) throw new Error(`Could not open a lobby in channel ${input.channelId}.`);
  }
}

/**
 * Runs `change` on a lobby in a transaction holding the game's row lock, so that joins, leaves
 * and the start of one lobby happen one after the other and seat numbers stay 0, 1, 2 …
 */
async function changeLobby<Reason extends string, Game extends StoredGame>(
  db: PrismaClient,
  gameId: string,
  change: (tx: Prisma.TransactionClient, game: LobbyGame) => Promise<(Failure<Reason> & Record<string, unknown>) | null>,
): Promise<{ ok: true; game: Game } | Failure<'not_found' | 'not_lobby'> | (Failure<Reason> & Record<string, unknown>)> {
  return db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<unknown[]>`SELECT 1 FROM games WHERE id = ${gameId} FOR UPDATE`;
    const game = locked.length > 0 ? await getGame(tx, gameId) : null;
    if (!game) return { ok: false, reason: 'not_found' } as const;
    if (game.status !== 'lobby') return { ok: false, reason: 'not_lobby' } as const;
    const failure = await change(tx, game);
    if (failure) return failure;
    const changed = await getGame(tx, gameId);
    if (!changed) throw new Error(`Game ${gameId} vanished inside its own transaction.`);
    return { ok: true, game: changed as Game };
  });
}

export async function joinLobby(db: PrismaClient, gameId: string, player: Player): Promise<JoinResult> {
  return changeLobby<'already_seated' | 'full', LobbyGame>(db, gameId, async (tx, game) => {
    if (game.seats.some((seat) => seat.userId === player.id)) return { ok: false, reason: 'already_seated' };
    if (game.seats.length >= MAX_PLAYERS) return { ok: false, reason: 'full' };
    await tx.seat.create({ data: { gameId, seatIndex: game.seats.length, userId: player.id, displayName: player.name } });
    await tx.game.update({ where: { id: gameId }, data: { updatedAt: new Date() } });
    return null;
  }) as Promise<JoinResult>;
}

/** Leaves a lobby; the seats after the one left move up. A lobby may end up empty. */
export async function leaveLobby(db: PrismaClient, gameId: string, userId: string): Promise<LeaveResult> {
  return changeLobby<'not_seated', LobbyGame>(db, gameId, async (tx, game) => {
    const leaving = game.seats.find((seat) => seat.userId === userId);
    if (!leaving) return { ok: false, reason: 'not_seated' };
    await tx.seat.delete({ where: { gameId_seatIndex: { gameId, seatIndex: leaving.seatIndex } } });
    // One seat at a time, lowest first: each moves into the index just freed, which keeps the
    // primary key unique at every step (a single UPDATE could collide half-way).
    for (const seat of game.seats.filter((seat) => seat.seatIndex > leaving.seatIndex)) {
      await tx.seat.update({ where: { gameId_seatIndex: { gameId, seatIndex: seat.seatIndex } }, data: { seatIndex: seat.seatIndex - 1 } });
    }
    await tx.game.update({ where: { id: gameId }, data: { updatedAt: new Date() } });
    return null;
  }) as Promise<LeaveResult>;
}

/**
 * Starts the game with the lobby's seats in order. The seed is drawn here unless given (tests);
 * it is stored so that the action log can be replayed. The engine decides whether the seats
 * and options make a game (`setup_failed` carries its reason).
 */
export async function startGame(db: PrismaClient, gameId: string, seed: number = randomInt(2 ** 31)): Promise<StartResult> {
  return changeLobby<'not_enough_players' | 'setup_failed', ActiveGame>(db, gameId, async (tx, game) => {
    if (game.seats.length < MIN_PLAYERS) return { ok: false, reason: 'not_enough_players' };
    let state: GameState;
    try {
      state = createGame(setupOf({ ...game, seed }));
    } catch (error) {
      if (error instanceof SetupError) return { ok: false, reason: 'setup_failed', detail: error.message };
      throw error;
    }
    await tx.game.update({ where: { id: gameId }, data: { status: 'active', seed, state: json(state), stateId: state.stateId } });
    return null;
  }) as Promise<StartResult>;
}

export async function cancelGame(db: PrismaClient, gameId: string): Promise<CancelResult> {
  const { count } = await db.game.updateMany({
    where: { id: gameId, status: { in: LIVE_STATUSES } },
    data: { status: 'cancelled', deadlineAt: null, reminderAt: null },
  });
  const game = await getGame(db, gameId);
  if (!game) return { ok: false, reason: 'not_found' };
  if (count === 0) return { ok: false, reason: 'not_live' };
  return { ok: true, game };
}
