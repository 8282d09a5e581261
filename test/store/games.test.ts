import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apply, replay, type Action } from '../../src/engine/index.js';
import { RandomPlayer } from '../support/random-player.js';
import {
  applyAction,
  cancelGame,
  createLobby,
  claimDecisionReminder,
  findLiveGame,
  gamesDueReminders,
  getActionLog,
  lastFinishedGame,
  liveGamesIn,
  setNotify,
  setThread,
  notifyWanted,
  getGame,
  guildLeaderboard,
  joinLobby,
  leaveLobby,
  recordShownTables,
  setPublicMessage,
  setupOf,
  startGame,
  UNPOSTED_LOBBY_MS,
  gameInclude,
  toStoredGame,
  type ActiveGame,
  type FinishedGame,
} from '../../src/store/index.js';
import { migrate } from '../../src/store/migrate.js';
import { ratingsOf } from '../../src/store/ratings.js';
import { databaseKinds, type TestDatabase } from './databases.js';

const ann = { id: '100', name: 'Ann' };
const bob = { id: '200', name: 'Bob' };
const cat = { id: '300', name: 'Cat' };

describe.each(databaseKinds)('game repository on $name', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await kind.open();
    await migrate(database.prisma);
  });
  afterAll(() => database.close());

  let channels = 0;
  /** Every test plays in a channel of its own. */
  const newChannel = () => `channel-${++channels}`;

  async function startedGame(channelId = newChannel(), guildId = 'guild-1', seed = 42): Promise<ActiveGame> {
    const { prisma } = database;
    const lobby = await createLobby(prisma, { guildId, channelId, host: ann });
    if (!lobby.ok) throw new Error(lobby.reason);
    await joinLobby(prisma, lobby.game.id, bob);
    const started = await startGame(prisma, lobby.game.id, seed);
    if (!started.ok) throw new Error(started.reason);
    return started.game;
  }

  /** Plays random legal moves through the store until the game ends. */
  async function playToTheEnd(game: ActiveGame): Promise<FinishedGame> {
    const player = new RandomPlayer(game.seed);
    let current: ActiveGame | FinishedGame = game;
    while (current.status === 'active') {
      const action = player.chooseAction(current.state)!;
      const result = await applyAction(database.prisma, current, action);
      if (!result.ok) throw new Error(result.reason);
      current = result.game;
    }
    return current;
  }

  describe('lobby', () => {
    it('seats the host, then players as they join and leave, keeping seats numbered from 0', async () => {
      const { prisma } = database;
      const lobby = await createLobby(prisma, {
        guildId: 'guild-1',
        channelId: newChannel(),
        host: ann,
        options: { bonusMode: 'tycoon' },
        turnLimitSeconds: 300,
      });
      expect(lobby.ok).toBe(true);
      if (!lobby.ok) return;
      expect(lobby.game).toMatchObject({
        status: 'lobby',
        createdBy: ann.id,
        options: { bonusMode: 'tycoon' },
        turnLimitSeconds: 300,
        publicMessageId: null,
        state: null,
        seed: null,
      });
      const id = lobby.game.id;

      await joinLobby(prisma, id, bob);
      expect(await joinLobby(prisma, id, bob)).toMatchObject({ ok: false, reason: 'already_seated' });
      const joined = await joinLobby(prisma, id, cat);
      expect(joined.ok && joined.game.seats.map((seat) => [seat.seatIndex, seat.displayName])).toEqual([
        [0, 'Ann'],
        [1, 'Bob'],
        [2, 'Cat'],
      ]);

      const left = await leaveLobby(prisma, id, bob.id);
      expect(left.ok && left.game.seats.map((seat) => [seat.seatIndex, seat.displayName])).toEqual([
        [0, 'Ann'],
        [1, 'Cat'],
      ]);
      expect(await leaveLobby(prisma, id, bob.id)).toMatchObject({ ok: false, reason: 'not_seated' });
    });

    it('takes six players at most and starts with two at least', async () => {
      const { prisma } = database;
      const lobby = await createLobby(prisma, { guildId: 'guild-1', channelId: newChannel(), host: ann });
      if (!lobby.ok) throw new Error(lobby.reason);
      expect(await startGame(prisma, lobby.game.id)).toMatchObject({ ok: false, reason: 'not_enough_players' });
      for (let i = 1; i < 6; i++) await joinLobby(prisma, lobby.game.id, { id: `u${i}`, name: `U${i}` });
      expect(await joinLobby(prisma, lobby.game.id, cat)).toMatchObject({ ok: false, reason: 'full' });
    });

    it('seats everyone when many join at once', async () => {
      const { prisma } = database;
      const lobby = await createLobby(prisma, { guildId: 'guild-1', channelId: newChannel(), host: ann });
      if (!lobby.ok) throw new Error(lobby.reason);
      const players = Array.from({ length: 5 }, (_, i) => ({ id: `j${i}`, name: `J${i}` }));
      const results = await Promise.all(players.map((player) => joinLobby(prisma, lobby.game.id, player)));
      expect(results.every((result) => result.ok)).toBe(true);
      const game = await getGame(prisma, lobby.game.id);
      expect(game!.seats.map((seat) => seat.seatIndex)).toEqual([0, 1, 2, 3, 4, 5]);
    });

    it('starts the game with the engine state of the seats in order', async () => {
      const game = await startedGame();
      expect(game.status).toBe('active');
      expect(game.seed).toBe(42);
      expect(game.state!.players.map((player) => player.id)).toEqual([ann.id, bob.id]);
      expect(await joinLobby(database.prisma, game.id, cat)).toMatchObject({ ok: false, reason: 'not_lobby' });
      expect(await startGame(database.prisma, game.id)).toMatchObject({ ok: false, reason: 'not_lobby' });
    });

    it('reports engine setup errors as a result', async () => {
      const { prisma } = database;
      const lobby = await createLobby(prisma, {
        guildId: 'guild-1',
        channelId: newChannel(),
        host: ann,
        options: { bonusMode: 'tycoon', twoPlayerBank: true },
      });
      if (!lobby.ok) throw new Error(lobby.reason);
      await joinLobby(prisma, lobby.game.id, bob);
      expect(await startGame(prisma, lobby.game.id)).toMatchObject({ ok: false, reason: 'setup_failed' });
    });
  });

  describe('one live game per channel', () => {
    it('refuses a second lobby, naming the live one, until the first ends', async () => {
      const { prisma } = database;
      const channelId = newChannel();
      const first = await createLobby(prisma, { guildId: 'guild-1', channelId, host: ann });
      if (!first.ok) throw new Error(first.reason);
      expect(await createLobby(prisma, { guildId: 'guild-1', channelId, host: bob })).toMatchObject({
        ok: false,
        reason: 'channel_busy',
        existing: { id: first.game.id },
      });
      expect((await findLiveGame(prisma, channelId))?.id).toBe(first.game.id);

      // Once the bot has posted the lobby, the refusal names its message (the bot links to it).
      await setPublicMessage(prisma, first.game.id, '555');
      const refused = await createLobby(prisma, { guildId: 'guild-1', channelId, host: bob });
      expect(refused).toMatchObject({ ok: false, existing: { publicMessageId: '555', guildId: 'guild-1', channelId } });

      expect(await cancelGame(prisma, first.game.id)).toMatchObject({ ok: true, game: { status: 'cancelled' } });
      expect(await cancelGame(prisma, first.game.id)).toMatchObject({ ok: false, reason: 'not_live' });
      expect(await findLiveGame(prisma, channelId)).toBeNull();
      expect(await createLobby(prisma, { guildId: 'guild-1', channelId, host: bob })).toMatchObject({ ok: true });
    });

    it('lets exactly one of many racing hosts open the lobby', async () => {
      const channelId = newChannel();
      const hosts = Array.from({ length: 10 }, (_, i) => ({ id: `h${i}`, name: `H${i}` }));
      const results = await Promise.all(hosts.map((host) => createLobby(database.prisma, { guildId: 'guild-1', channelId, host })));
      const winners = results.filter((result) => result.ok);
      expect(winners).toHaveLength(1);
      const winnerId = winners[0]!.ok && winners[0]!.game.id;
      for (const result of results.filter((result) => !result.ok)) {
        expect(result).toMatchObject({ reason: 'channel_busy', existing: { id: winnerId } });
      }
    });

    it('is the database that enforces it', async () => {
      const { prisma } = database;
      const channelId = newChannel();
      const row = { guildId: 'guild-1', channelId, createdBy: ann.id };
      await prisma.game.create({ data: { ...row, status: 'finished' } });
      await prisma.game.create({ data: { ...row, status: 'active' } });
      await expect(prisma.game.create({ data: { ...row, status: 'lobby' } })).rejects.toMatchObject({ code: 'P2002' });
    });

    it('frees the channel for the next lobby once a game plays in a thread of its own; several games run there at once', async () => {
      const { prisma } = database;
      const channelId = newChannel();
      const first = await startedGame(channelId);
      // Played in the channel itself (no thread), the game keeps the channel busy, as before.
      expect(await createLobby(prisma, { guildId: 'guild-1', channelId, host: cat })).toMatchObject({
        ok: false,
        reason: 'channel_busy',
        existing: { id: first.id },
      });
      await setThread(prisma, first.id, `${channelId}-thread-1`, 'lobby-message-1');
      const second = await startedGame(channelId);
      await setThread(prisma, second.id, `${channelId}-thread-2`, 'lobby-message-2');
      const third = await createLobby(prisma, { guildId: 'guild-1', channelId, host: cat });
      expect(third.ok).toBe(true);
      expect((await liveGamesIn(prisma, channelId)).map((game) => game.id).sort()).toEqual([first.id, second.id, third.ok && third.game.id].sort());
      // A thread holds its one game.
      expect((await liveGamesIn(prisma, `${channelId}-thread-2`)).map((game) => game.id)).toEqual([second.id]);
      expect(await findLiveGame(prisma, `${channelId}-thread-1`)).toMatchObject({
        id: first.id,
        threadId: `${channelId}-thread-1`,
        summaryMessageId: 'lobby-message-1',
      });
      // Finished, it is the channel's (and its thread's) last game for /acquire status.
      const finished = await playToTheEnd((await getGame(prisma, second.id)) as ActiveGame);
      expect((await lastFinishedGame(prisma, channelId))?.id).toBe(finished.id);
      expect((await lastFinishedGame(prisma, `${channelId}-thread-2`))?.id).toBe(finished.id);
      expect(await lastFinishedGame(prisma, `${channelId}-thread-1`)).toBeNull();
    });
  });

  describe('direct-message reminders', () => {
    it('remembers who wants them, finds the games whose decision waits, and claims each decision once', async () => {
      const { prisma } = database;
      const dave = { id: '400', name: 'Dave' };
      expect(await notifyWanted(prisma, dave.id)).toBe(false);
      const lobby = await createLobby(prisma, { guildId: 'guild-9', channelId: newChannel(), host: dave });
      if (!lobby.ok) throw new Error(lobby.reason);
      await joinLobby(prisma, lobby.game.id, { id: '500', name: 'Eve' });
      const started = await startGame(prisma, lobby.game.id, 3);
      if (!started.ok) throw new Error(started.reason);
      const later = new Date(Date.now() + 120_000);
      const due = async () => (await gamesDueReminders(prisma, later, { limit: 1000 })).map((game) => game.id);
      expect(await due()).not.toContain(started.game.id);
      await setNotify(prisma, dave.id, true);
      expect(await notifyWanted(prisma, dave.id)).toBe(true);
      expect(await due()).toContain(started.game.id);
      // Not yet waiting long enough.
      expect((await gamesDueReminders(prisma, new Date(), { limit: 1000 })).map((game) => game.id)).not.toContain(started.game.id);
      const stateId = started.game.state.stateId;
      expect(await claimDecisionReminder(prisma, started.game.id, stateId + 1)).toBe(false);
      const claims = await Promise.all([1, 2, 3].map(() => claimDecisionReminder(prisma, started.game.id, stateId)));
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await due()).not.toContain(started.game.id);
      await setNotify(prisma, dave.id, false);
      expect(await notifyWanted(prisma, dave.id)).toBe(false);
    });
  });

  describe('playing', () => {
    it('accepts a legal move, logs it and bumps the state id, with the clock in the same write', async () => {
      const game = await startedGame();
      const action = new RandomPlayer(1).chooseAction(game.state)!;
      const deadlineAt = new Date(Date.UTC(2030, 0, 1));
      const clock = { deadlineAt, reminderAt: null, clock: { missedInARow: [0, 1], autopilot: [] } };
      const result = await applyAction(database.prisma, game, action, { clockAfter: () => clock });
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.game.state.stateId).toBe(game.state.stateId + 1);
      expect(result.game).toMatchObject({ deadlineAt, reminderAt: null, clock: clock.clock });
      expect(result.events.length).toBeGreaterThan(0);
      expect(await getActionLog(database.prisma, game.id)).toMatchObject([{ sequence: 1, userId: action.player, action }]);
      expect(await getGame(database.prisma, game.id)).toEqual(result.game);
    });

    it('reports refused and stale moves without writing anything', async () => {
      const { prisma } = database;
      const game = await startedGame();
      const mover = game.state!.players[game.state!.currentPlayer]!.id;
      const other = game.state!.players.find((player) => player.id !== mover)!.id;
      const outOfTurn: Action = { type: 'skipPlacement', player: other };

      expect(await applyAction(prisma, game, outOfTurn)).toMatchObject({ ok: false, reason: 'rejected', rejection: { code: 'action/not_your_decision' } });
      expect(await applyAction(prisma, game, { ...outOfTurn, player: mover })).toMatchObject({ ok: false, reason: 'rejected' });
      // Offered at another state id: the engine calls it stale.
      expect(await applyAction(prisma, game, outOfTurn, { expectedStateId: 3 })).toMatchObject({ ok: false, reason: 'stale' });
      const legal = new RandomPlayer(3).chooseAction(game.state)!;
      expect(await applyAction(prisma, { ...game, id: 'no-such-game' }, legal)).toMatchObject({ ok: false, reason: 'not_found' });
      expect((await getGame(prisma, game.id))?.state?.stateId).toBe(0);
      expect(await getActionLog(prisma, game.id)).toEqual([]);
    });

    it('accepts exactly one of 50 concurrent copies of a move', async () => {
      const { prisma } = database;
      let game = await startedGame();
      const player = new RandomPlayer(7);
      // A few moves first, so the race happens on a game with a history.
      for (let i = 0; i < 5; i++) {
        const action = player.chooseAction(game.state)!;
        const result = await applyAction(prisma, game, action);
        if (!result.ok || result.game.status !== 'active') throw new Error('the game did not go on');
        game = result.game;
      }
      const action = player.chooseAction(game.state)!;
      const results = await Promise.all(Array.from({ length: 50 }, () => applyAction(prisma, game, action)));
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.filter((result) => !result.ok && result.reason === 'stale')).toHaveLength(49);

      const log = await getActionLog(prisma, game.id);
      expect(log.map((entry) => entry.sequence)).toEqual([1, 2, 3, 4, 5, 6]);
      expect((await getGame(prisma, game.id))?.state?.stateId).toBe(6);
    });

    it('plays from a game the caller already holds, guarded by its state id all the same', async () => {
      const { prisma } = database;
      const game = await startedGame();
      const player = new RandomPlayer(11);
      const action = player.chooseAction(game.state)!;
      // Written after `game` was read and without a move: the move must not undo it.
      await setPublicMessage(prisma, game.id, 'message-1');
      const first = await applyAction(prisma, game, action);
      expect(first).toMatchObject({ ok: true, game: { publicMessageId: 'message-1' } });
      if (!first.ok || first.game.status !== 'active') return;
      expect(await getGame(prisma, game.id)).toEqual(first.game);

      // The old game again: its state id no longer matches, so nothing is written.
      expect(await applyAction(prisma, game, action)).toMatchObject({ ok: false, reason: 'stale' });
      const next = player.chooseAction(first.game.state)!;
      const racing = await Promise.all(Array.from({ length: 50 }, () => applyAction(prisma, first.game as ActiveGame, next)));
      expect(racing.filter((result) => result.ok)).toHaveLength(1);
      expect(racing.filter((result) => !result.ok && result.reason === 'stale')).toHaveLength(49);
      expect((await getActionLog(prisma, game.id)).map((entry) => entry.sequence)).toEqual([1, 2]);

      const latest = (await getGame(prisma, game.id)) as ActiveGame;
      await cancelGame(prisma, game.id);
      const after = player.chooseAction(latest.state)!;
      expect(await applyAction(prisma, latest, after)).toMatchObject({ ok: false, reason: 'not_active' });
      expect(await getGame(prisma, game.id)).toMatchObject({ status: 'cancelled', state: { stateId: 2 } });
      expect(await getActionLog(prisma, game.id)).toHaveLength(2);
    });

    it('writes down what many tables show in one statement, never going back to an older state', async () => {
      const { prisma } = database;
      const [first, second] = [await startedGame(), await startedGame()];
      await setPublicMessage(prisma, first.id, 'old', 0);
      const statements: string[] = [];
      const counting = prisma.$extends({
        query: {
          $allOperations: async ({ operation, args, query }) => {
            statements.push(operation);
            return query(args);
          },
        },
      });
      await recordShownTables(counting as unknown as typeof prisma, [
        { gameId: first.id, messageId: 'turn-1', stateId: 3 },
        { gameId: second.id, messageId: 'turn-9', stateId: 5 },
      ]);
      expect(statements).toEqual(['$executeRaw']);
      expect(await getGame(prisma, first.id)).toMatchObject({ publicMessageId: 'turn-1', publicStateId: 3 });
      expect(await getGame(prisma, second.id)).toMatchObject({ publicMessageId: 'turn-9', publicStateId: 5 });
      // A record written late (a slow tick) does not undo a newer one.
      await recordShownTables(prisma, [{ gameId: first.id, messageId: 'turn-0', stateId: 2 }]);
      expect(await getGame(prisma, first.id)).toMatchObject({ publicMessageId: 'turn-1', publicStateId: 3 });
      await recordShownTables(prisma, []);
    });

    it('keeps a log that replays from the seed to the stored state', async () => {
      const game = await playToTheEnd(await startedGame(newChannel(), 'guild-replay', 1234));
      const log = await getActionLog(database.prisma, game.id);
      expect(log.map((entry) => entry.sequence)).toEqual(log.map((_, index) => index + 1));
      expect(log).toHaveLength(game.state.stateId);
      expect(
        replay(
          setupOf(game),
          log.map((entry) => entry.action),
        ),
      ).toEqual(game.state);
    });
  });

  describe('reading', () => {
    /** The game as Prisma's own read of the row gives it: what `getGame`'s SQL must give too. */
    async function readByPrisma(gameId: string) {
      const row = await database.prisma.game.findUnique({ where: { id: gameId }, include: gameInclude });
      return row && toStoredGame(row);
    }

    it('reads a game in every status with every column, as Prisma reads its row', async () => {
      const { prisma } = database;
      const lobby = await createLobby(prisma, { guildId: 'guild-reading', channelId: newChannel(), host: cat, turnLimitSeconds: 90 });
      if (!lobby.ok) throw new Error(lobby.reason);
      const active = await startedGame(newChannel(), 'guild-reading', 5);
      await setThread(prisma, active.id, 'thread-of-reading', 'summary-of-reading');
      await setPublicMessage(prisma, active.id, '1234567890123456789', active.state.stateId);
      const moved = await applyAction(prisma, active, new RandomPlayer(1).chooseAction(active.state)!, {
        clockAfter: () => ({
          deadlineAt: new Date('2026-11-26T12:00:00.123Z'),
          reminderAt: new Date('2026-11-26T11:59:00.456Z'),
          clock: { missedInARow: [1, 0], autopilot: [1] },
        }),
      });
      if (!moved.ok) throw new Error(moved.reason);
      const finished = await playToTheEnd(await startedGame(newChannel(), 'guild-reading', 6));
      const cancelled = await startedGame(newChannel(), 'guild-reading', 7);
      await cancelGame(prisma, cancelled.id);

      const games = await Promise.all([lobby.game.id, active.id, finished.id, cancelled.id].map((id) => getGame(prisma, id)));
      expect(games.map((game) => game?.status)).toEqual(['lobby', 'active', 'finished', 'cancelled']);
      for (const game of games) expect(game).toEqual(await readByPrisma(game!.id));
      expect(games[0]).toMatchObject({
        createdBy: cat.id,
        turnLimitSeconds: 90,
        seats: [{ seatIndex: 0, userId: cat.id, displayName: cat.name, finalCash: null }],
      });
      expect(games[1]).toMatchObject({
        threadId: 'thread-of-reading',
        summaryMessageId: 'summary-of-reading',
        publicMessageId: '1234567890123456789',
        deadlineAt: new Date('2026-11-26T12:00:00.123Z'),
        clock: { missedInARow: [1, 0], autopilot: [1] },
      });
      expect(games[2]!.seats.every((seat) => seat.finalPlace !== null)).toBe(true);
      expect(await getGame(prisma, '00000000-0000-4000-8000-000000000000')).toBeNull();
    });
  });

  describe('results', () => {
    it('finishes a game with the final standings on the seats', async () => {
      const game = await playToTheEnd(await startedGame(newChannel(), 'guild-results', 9));
      expect(game.status).toBe('finished');
      expect(await getGame(database.prisma, game.id)).toEqual(game);
      const standings = [...game.state!.result!.standings].sort((a, b) => a.seat - b.seat);
      expect(game.seats.map((seat) => [seat.userId, seat.finalCash, seat.finalPlace])).toEqual(
        standings.map((standing) => [standing.playerId, standing.cash, standing.place]),
      );
      expect(await findLiveGame(database.prisma, game.channelId)).toBeNull();
      // A finished game takes no more moves: the engine says so before the store is asked.
      expect(await applyAction(database.prisma, { ...game, status: 'active' }, { type: 'declareEnd', player: ann.id })).toMatchObject({
        ok: false,
        reason: 'rejected',
        rejection: { code: 'action/game_over' },
      });
    });

    it('rates both of two games that end at the same moment with the same players', async () => {
      const guildId = 'guild-two-endings';
      /** A game played up to its last move, and that move. */
      const lastMoveOf = async (seed: number): Promise<{ game: ActiveGame; action: Action }> => {
        const game = await startedGame(newChannel(), guildId, seed);
        const player = new RandomPlayer(game.seed);
        let current = game;
        for (;;) {
          const action = player.chooseAction(current.state)!;
          const next = apply(current.state, action);
          if (next.ok && next.state.result) return { game: current, action };
          const result = await applyAction(database.prisma, current, action);
          if (!result.ok || result.game.status !== 'active') throw new Error('the game ended before its last move');
          current = result.game;
        }
      };
      const endings = await Promise.all([lastMoveOf(11), lastMoveOf(12)]);
      // Both final moves at once: each reads the players' ratings, and each must count.
      const results = await Promise.all(endings.map(({ game, action }) => applyAction(database.prisma, game, action)));
      expect(results.map((result) => result.ok && result.game.status)).toEqual(['finished', 'finished']);
      const ratings = await ratingsOf(database.prisma, guildId, [ann.id, bob.id]);
      expect([ann, bob].map((player) => ratings.get(player.id)?.games)).toEqual([2, 2]);
    });

    it('ranks a server’s players over its finished games only', async () => {
      const guildId = 'guild-leaderboard';
      const finished: FinishedGame[] = [];
      for (const seed of [1, 2, 3]) finished.push(await playToTheEnd(await startedGame(newChannel(), guildId, seed)));
      await startedGame(newChannel(), guildId); // in progress: not counted
      await playToTheEnd(await startedGame(newChannel(), 'another-guild', 4));

      const expected = [ann, bob].map((player) => {
        const seats = finished.map((game) => game.seats.find((seat) => seat.userId === player.id)!);
        const cash = seats.map((seat) => seat.finalCash!);
        return {
          userId: player.id,
          displayName: player.name,
          games: 3,
          wins: seats.filter((seat) => seat.finalPlace === 1).length,
          bestCash: Math.max(...cash),
          averageCash: Math.round(cash.reduce((sum, value) => sum + value, 0) / cash.length),
        };
      });
      expected.sort((a, b) => b.wins - a.wins || b.bestCash - a.bestCash);
      expect(await guildLeaderboard(database.prisma, guildId)).toEqual(expected);
      expect(await guildLeaderboard(database.prisma, guildId, 1)).toEqual(expected.slice(0, 1));
      expect(await guildLeaderboard(database.prisma, 'empty-guild')).toEqual([]);
    });
  });
});

describe.each(databaseKinds)('a lobby never shown, on $name', (kind) => {
  it('does not block its channel once its time to be posted has passed', async () => {
    const database = await kind.open();
    try {
      await migrate(database.prisma);
      const first = await createLobby(database.prisma, { guildId: 'g', channelId: 'c', host: ann });
      if (!first.ok) throw new Error(first.reason);
      // Just opened and not posted yet: still the channel's lobby (its post may be on its way).
      expect(await createLobby(database.prisma, { guildId: 'g', channelId: 'c', host: bob })).toMatchObject({ ok: false, reason: 'channel_busy' });
      // Its post never happened: after the grace time the channel is free again.
      await database.prisma.game.update({ where: { id: first.game.id }, data: { createdAt: new Date(Date.now() - UNPOSTED_LOBBY_MS - 1000) } });
      const second = await createLobby(database.prisma, { guildId: 'g', channelId: 'c', host: bob });
      expect(second).toMatchObject({ ok: true, game: { createdBy: bob.id } });
      expect((await getGame(database.prisma, first.game.id))?.status).toBe('cancelled');
      // A posted lobby is never taken over, however old.
      await setPublicMessage(database.prisma, second.ok ? second.game.id : '', 'm1');
      await database.prisma.game.update({ where: { id: second.ok ? second.game.id : '' }, data: { createdAt: new Date(Date.now() - 3_600_000) } });
      expect(await createLobby(database.prisma, { guildId: 'g', channelId: 'c', host: cat })).toMatchObject({ ok: false, reason: 'channel_busy' });
    } finally {
      await database.close();
    }
  });
});
