import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replay, type Action } from '../../src/engine/index.js';
import { RandomPlayer } from '../../src/engine/random-player.js';
import {
  applyAction,
  cancelGame,
  createLobby,
  findLiveGame,
  getActionLog,
  getGame,
  guildLeaderboard,
  joinLobby,
  leaveLobby,
  setPublicMessage,
  setupOf,
  startGame,
  type StoredGame,
} from '../../src/store/games.js';
import { migrate } from '../../src/store/migrate.js';
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

  async function startedGame(channelId = newChannel(), guildId = 'guild-1', seed = 42): Promise<StoredGame> {
    const { prisma } = database;
    const lobby = await createLobby(prisma, { guildId, channelId, host: ann });
    if (!lobby.ok) throw new Error(lobby.message);
    await joinLobby(prisma, lobby.game.id, bob);
    const started = await startGame(prisma, lobby.game.id, seed);
    if (!started.ok) throw new Error(started.message);
    return started.game;
  }

  /** Plays random legal moves through the store until the game ends. */
  async function playToTheEnd(game: StoredGame): Promise<StoredGame> {
    const player = new RandomPlayer(game.seed!);
    while (game.status === 'active') {
      const action = player.chooseAction(game.state!)!;
      const result = await applyAction(database.prisma, game.id, game.version, action.player, action);
      if (!result.ok) throw new Error(`${result.reason}: ${result.message}`);
      game = result.game;
    }
    return game;
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
        version: 0,
      });
      const id = lobby.game.id;

      await joinLobby(prisma, id, bob);
      expect(await joinLobby(prisma, id, bob)).toMatchObject({ ok: false, reason: 'already_seated' });
      const joined = await joinLobby(prisma, id, cat);
      expect(joined.ok && joined.game.seats.map((seat) => [seat.seatIndex, seat.displayName])).toEqual([[0, 'Ann'], [1, 'Bob'], [2, 'Cat']]);

      const left = await leaveLobby(prisma, id, bob.id);
      expect(left.ok && left.game.seats.map((seat) => [seat.seatIndex, seat.displayName])).toEqual([[0, 'Ann'], [1, 'Cat']]);
      expect(await leaveLobby(prisma, id, bob.id)).toMatchObject({ ok: false, reason: 'not_seated' });
    });

    it('takes six players at most and starts with two at least', async () => {
      const { prisma } = database;
      const lobby = await createLobby(prisma, { guildId: 'guild-1', channelId: newChannel(), host: ann });
      if (!lobby.ok) throw new Error(lobby.message);
      expect(await startGame(prisma, lobby.game.id)).toMatchObject({ ok: false, reason: 'not_enough_players' });
      for (let i = 1; i < 6; i++) await joinLobby(prisma, lobby.game.id, { id: `u${i}`, name: `U${i}` });
      expect(await joinLobby(prisma, lobby.game.id, cat)).toMatchObject({ ok: false, reason: 'full' });
    });

    it('seats everyone when many join at once', async () => {
      const { prisma } = database;
      const lobby = await createLobby(prisma, { guildId: 'guild-1', channelId: newChannel(), host: ann });
      if (!lobby.ok) throw new Error(lobby.message);
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
      if (!lobby.ok) throw new Error(lobby.message);
      await joinLobby(prisma, lobby.game.id, bob);
      expect(await startGame(prisma, lobby.game.id)).toMatchObject({ ok: false, reason: 'setup_failed' });
    });
  });

  describe('one live game per channel', () => {
    it('refuses a second lobby, naming the live one, until the first ends', async () => {
      const { prisma } = database;
      const channelId = newChannel();
      const first = await createLobby(prisma, { guildId: 'guild-1', channelId, host: ann });
      if (!first.ok) throw new Error(first.message);
      expect(await createLobby(prisma, { guildId: 'guild-1', channelId, host: bob })).toMatchObject({
        ok: false,
        reason: 'channel_busy',
        existingGameId: first.game.id,
      });
      expect((await findLiveGame(prisma, channelId))?.id).toBe(first.game.id);

      // Once the bot has posted the lobby, the refusal links to it.
      await setPublicMessage(prisma, first.game.id, '555');
      const refused = await createLobby(prisma, { guildId: 'guild-1', channelId, host: bob });
      expect(refused.ok).toBe(false);
      // A message link: the client's host, then the guild, channel and message.
      expect(!refused.ok && refused.existingMessageUrl).toMatch(new RegExp(`^https://[a-z.]+/channels/guild-1/${channelId}/555$`));

      expect(await cancelGame(prisma, first.game.id)).toMatchObject({ ok: true, game: { status: 'cancelled' } });
      expect(await cancelGame(prisma, first.game.id)).toMatchObject({ ok: false, reason: 'not_live' });
      expect(await findLiveGame(prisma, channelId)).toBeNull();
      expect(await createLobby(prisma, { guildId: 'guild-1', channelId, host: bob })).toMatchObject({ ok: true });
    });

    it('lets exactly one of many racing hosts open the lobby', async () => {
      const channelId = newChannel();
      const hosts = Array.from({ length: 10 }, (_, i) => ({ id: `h${i}`, name: `H${i}` }));
      const results = await Promise.all(
        hosts.map((host) => createLobby(database.prisma, { guildId: 'guild-1', channelId, host })),
      );
      const winners = results.filter((result) => result.ok);
      expect(winners).toHaveLength(1);
      const winnerId = winners[0]!.ok && winners[0]!.game.id;
      for (const result of results.filter((result) => !result.ok)) {
        expect(result).toMatchObject({ reason: 'channel_busy', existingGameId: winnerId });
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
  });

  describe('playing', () => {
    it('accepts a legal move, logs it and bumps the version', async () => {
      const game = await startedGame();
      const action = new RandomPlayer(1).chooseAction(game.state!)!;
      const result = await applyAction(database.prisma, game.id, 0, action.player, action);
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.game.version).toBe(1);
      expect(result.game.state!.stateId).toBe(game.state!.stateId + 1);
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

      expect(await applyAction(prisma, game.id, 0, other, outOfTurn)).toMatchObject({ ok: false, reason: 'rejected', code: 'action/not_your_decision' });
      expect(await applyAction(prisma, game.id, 0, other, { ...outOfTurn, player: mover })).toMatchObject({ ok: false, reason: 'rejected' });
      expect(await applyAction(prisma, game.id, 3, mover, outOfTurn)).toMatchObject({ ok: false, reason: 'stale' });
      expect(await applyAction(prisma, 'no-such-game', 0, mover, outOfTurn)).toMatchObject({ ok: false, reason: 'not_found' });
      expect(await getGame(prisma, game.id)).toMatchObject({ version: 0 });
      expect(await getActionLog(prisma, game.id)).toEqual([]);
    });

    it('accepts exactly one of 50 concurrent copies of a move', async () => {
      const { prisma } = database;
      let game = await startedGame();
      const player = new RandomPlayer(7);
      // A few moves first, so the race happens on a game with a history.
      for (let i = 0; i < 5; i++) {
        const action = player.chooseAction(game.state!)!;
        const result = await applyAction(prisma, game.id, game.version, action.player, action);
        if (!result.ok) throw new Error(result.message);
        game = result.game;
      }
      const action = player.chooseAction(game.state!)!;
      const results = await Promise.all(
        Array.from({ length: 50 }, () => applyAction(prisma, game.id, game.version, action.player, action)),
      );
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.filter((result) => !result.ok && result.reason === 'stale')).toHaveLength(49);

      const log = await getActionLog(prisma, game.id);
      expect(log.map((entry) => entry.sequence)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(await getGame(prisma, game.id)).toMatchObject({ version: 6 });
    });

    it('plays from a game the caller already holds, guarded by its version all the same', async () => {
      const { prisma } = database;
      const game = await startedGame();
      const player = new RandomPlayer(11);
      const action = player.chooseAction(game.state!)!;
      // Written after `game` was read and without a version bump: the move must not undo it.
      await setPublicMessage(prisma, game.id, 'message-1');
      const first = await applyAction(prisma, game.id, game.version, action.player, action, game);
      expect(first).toMatchObject({ ok: true, game: { version: 1, publicMessageId: 'message-1' } });
      if (!first.ok) return;
      expect(await getGame(prisma, game.id)).toEqual(first.game);

      // The old game again: its version no longer matches, so nothing is written.
      expect(await applyAction(prisma, game.id, game.version, action.player, action, game)).toMatchObject({ ok: false, reason: 'stale' });
      const next = player.chooseAction(first.game.state!)!;
      const racing = await Promise.all(
        Array.from({ length: 50 }, (_, i) => applyAction(prisma, game.id, 1, next.player, next, i % 2 === 0 ? first.game : undefined)),
      );
      expect(racing.filter((result) => result.ok)).toHaveLength(1);
      expect(racing.filter((result) => !result.ok && result.reason === 'stale')).toHaveLength(49);
      expect((await getActionLog(prisma, game.id)).map((entry) => entry.sequence)).toEqual([1, 2]);

      const latest = (await getGame(prisma, game.id))!;
      await cancelGame(prisma, game.id);
      const after = player.chooseAction(latest.state!)!;
      expect(await applyAction(prisma, game.id, latest.version, after.player, after, latest)).toMatchObject({ ok: false, reason: 'not_active' });
      expect(await getGame(prisma, game.id)).toMatchObject({ status: 'cancelled', version: 2 });
      expect(await getActionLog(prisma, game.id)).toHaveLength(2);
    });

    it('keeps a log that replays from the seed to the stored state', async () => {
      const game = await playToTheEnd(await startedGame(newChannel(), 'guild-replay', 1234));
      const log = await getActionLog(database.prisma, game.id);
      expect(log.map((entry) => entry.sequence)).toEqual(log.map((_, index) => index + 1));
      expect(log).toHaveLength(game.version);
      expect(replay(setupOf(game), log.map((entry) => entry.action))).toEqual(game.state);
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
      expect(await applyAction(database.prisma, game.id, game.version, ann.id, { type: 'declareEnd', player: ann.id })).toMatchObject({
        ok: false,
        reason: 'not_active',
      });
    });

    it('ranks a server’s players over its finished games only', async () => {
      const guildId = 'guild-leaderboard';
      const finished: StoredGame[] = [];
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
