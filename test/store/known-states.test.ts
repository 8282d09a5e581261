/**
 * A game read again at the state this process knows comes back without its state, which is then
 * the known one (src/store/known-states.ts); whatever changed the row meanwhile (another
 * process's move, the table message, the row made again) is read as it is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RandomPlayer } from '../support/random-player.js';
import { createGame } from '../../src/engine/index.js';
import { directAdapterOf } from '../../src/store/direct-sql.js';
import { KNOWN_GAMES, KnownStates } from '../../src/store/known-states.js';
import { applyAction, createLobby, getGame, joinLobby, setPublicMessage, startGame, type ActiveGame } from '../../src/store/index.js';
import { migrate } from '../../src/store/migrate.js';
import { databaseKinds, type TestDatabase } from './databases.js';

describe.each(databaseKinds)('known states on $name', (kind) => {
  let database: TestDatabase;
  /** The state column of each game read through the bot's client, as the database sent it. */
  const sentStates: unknown[] = [];
  beforeAll(async () => {
    database = await kind.open();
    await migrate(database.prisma);
    const adapter = directAdapterOf(database.prisma)!;
    const queryRaw = adapter.queryRaw.bind(adapter);
    adapter.queryRaw = async (query) => {
      const result = await queryRaw(query);
      const column = result.columnNames.indexOf('state');
      if (query.sql.includes('FROM games g WHERE g.id')) sentStates.push(result.rows[0]?.[column]);
      return result;
    };
  });
  afterAll(() => database.close());

  let channels = 0;
  async function startedGame(): Promise<ActiveGame> {
    const { prisma } = database;
    const lobby = await createLobby(prisma, { guildId: 'guild-1', channelId: `channel-${++channels}`, host: { id: '100', name: 'Ann' } });
    if (!lobby.ok) throw new Error(lobby.reason);
    await joinLobby(prisma, lobby.game.id, { id: '200', name: 'Bob' });
    const started = await startGame(prisma, lobby.game.id, 11);
    if (!started.ok) throw new Error(started.reason);
    return started.game;
  }

  /** Reads the game through the bot's client; whether its state was sent with the row. */
  async function read(id: string) {
    const game = (await getGame(database.prisma, id)) as ActiveGame;
    return { game, stateSent: sentStates.at(-1) !== null };
  }

  it('reads a game again without its state while the state is the one this process read or wrote, and the rest of the row as it is', async () => {
    const started = await startedGame();
    expect((await read(started.id)).stateSent).toBe(true);
    const again = await read(started.id);
    expect(again.stateSent).toBe(false);
    expect(again.game).toEqual(started);

    const moved = await applyAction(database.prisma, again.game, new RandomPlayer(1).chooseAction(again.game.state)!);
    if (!moved.ok) throw new Error(moved.reason);
    await setPublicMessage(database.prisma, started.id, '1234567890', moved.game.state.stateId);
    const afterMove = await read(started.id);
    expect(afterMove.stateSent).toBe(false);
    expect(afterMove.game.state).toEqual(moved.game.state);
    expect(afterMove.game).toMatchObject({ publicMessageId: '1234567890', publicStateId: moved.game.state.stateId });
  });

  it('reads the new state of a game another process moved', async () => {
    const started = await startedGame();
    await read(started.id);
    // A transaction's client stands for another process: its write does not pass through this client's known states.
    const elsewhere = await database.prisma.$transaction((tx) => applyAction(tx, started, new RandomPlayer(2).chooseAction(started.state)!));
    if (!elsewhere.ok) throw new Error(elsewhere.reason);
    const read1 = await read(started.id);
    expect(read1.stateSent).toBe(true);
    expect(read1.game.state).toEqual(elsewhere.game.state);
    expect(read1.game.state.stateId).toBe(started.state.stateId + 1);
  });

  it('does not take a game made again under the same id, at the same state id, for the one it knew', async () => {
    const started = await startedGame();
    await read(started.id);
    await database.prisma.$executeRaw`
      UPDATE games SET created_at = created_at + interval '1 second', state = jsonb_set(state, '{players,0,cash}', '4321')
      WHERE id = ${started.id}`;
    const remade = await read(started.id);
    expect(remade.stateSent).toBe(true);
    expect(remade.game.state.stateId).toBe(started.state.stateId);
    expect(remade.game.state.players[0]!.cash).toBe(4321);
  });
});

describe('the states kept', () => {
  it('are those of the games read or written most recently, no more than KNOWN_GAMES', () => {
    const known = new KnownStates();
    const state = createGame({
      seed: 1,
      players: [
        { id: 'a', name: 'Ann' },
        { id: 'b', name: 'Bob' },
      ],
    });
    const createdAt = new Date('2026-11-28T00:00:00Z');
    for (let game = 0; game < KNOWN_GAMES; game++) known.remember(`game-${game}`, createdAt, state);
    // Game 0 used again: game 1 is now the least recently used, and the next game pushes it out.
    known.remember('game-0', createdAt, state);
    known.remember('one-more', createdAt, state);
    expect(known.get('game-1')).toBeNull();
    expect(known.get('game-0')?.state).toBe(state);
    expect(known.get('game-2')?.state).toBe(state);
    expect(known.get('one-more')?.stateId).toBe(state.stateId);
  });
});
