/**
 * The statements sent straight to the driver adapter (src/store/direct-sql.ts) give what
 * Prisma's `$queryRaw` gives, on each database, a transaction's statements stay in it, and on
 * PostgreSQL they are prepared once per connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RandomPlayer } from '../support/random-player.js';
import { queryRows, statementName } from '../../src/store/direct-sql.js';
import { Prisma } from '../../src/store/generated/client.js';
import {
  applyAction,
  createLobby,
  gameInclude,
  getGame,
  joinLobby,
  startGame,
  toStoredGame,
  type ActiveGame,
  type PrismaClient,
  type StoredGame,
} from '../../src/store/index.js';
import { migrate } from '../../src/store/migrate.js';
import { databaseKinds, serverDatabases, type TestDatabase } from './databases.js';

/** A game of two in `channelId`, `moves` random moves into it. */
async function playedGame(prisma: PrismaClient, channelId: string, moves: number): Promise<ActiveGame> {
  const lobby = await createLobby(prisma, { guildId: 'guild-1', channelId, host: { id: '100', name: 'Ann' } });
  if (!lobby.ok) throw new Error(lobby.reason);
  await joinLobby(prisma, lobby.game.id, { id: '200', name: 'Bob' });
  const started = await startGame(prisma, lobby.game.id, 7);
  if (!started.ok) throw new Error(started.reason);
  let game: StoredGame = started.game;
  const player = new RandomPlayer(3);
  for (let move = 0; move < moves && game.status === 'active'; move++) {
    const written = await applyAction(prisma, game, player.chooseAction(game.state)!);
    if (!written.ok) throw new Error(written.reason);
    game = written.game;
  }
  if (game.status !== 'active') throw new Error('the game ended early');
  return game;
}

describe.each(databaseKinds)('direct statements on $name', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await kind.open();
    await migrate(database.prisma);
  });
  afterAll(() => database.close());

  /** Prisma's own read of a game and its seats, through its query API. */
  async function readByPrisma(id: string): Promise<StoredGame> {
    return toStoredGame(await database.prisma.game.findUniqueOrThrow({ where: { id }, include: gameInclude }));
  }

  it('gives every kind of value the statements select as $queryRaw does, parameters of every kind bound', async () => {
    const at = new Date('2026-11-27T10:11:12.345Z');
    const query = Prisma.sql`
      SELECT ${7}::int4 AS small, ${'9007199254740993'}::int8 AS big, ${1.25}::float8 AS float, ${true}::bool AS yes, false AS no,
        ${'text with ’ and "'}::text AS words, 'active'::game_status AS status, '6f1c1f5e-8a51-4cf5-9a7e-3b1f0f3c9d11'::uuid AS uuid,
        ${at}::timestamptz AS "when", ${JSON.stringify({ a: [1, 'b', null], c: { d: true } })}::jsonb AS doc,
        '[1,2]'::json AS list, ${null}::text AS nothing, NULL::timestamptz AS "noTime"`;
    const direct = await queryRows(database.prisma, query);
    const throughPrisma = await database.prisma.$queryRaw<unknown[]>(query);
    expect(direct).toEqual(throughPrisma);
    expect(direct[0]).toMatchObject({
      small: 7,
      float: 1.25,
      yes: true,
      no: false,
      status: 'active',
      doc: { a: [1, 'b', null], c: { d: true } },
      list: [1, 2],
      nothing: null,
      noTime: null,
    });
    expect(direct[0]!.when).toEqual(at);
  });

  it('reads a game as Prisma reads it, and writes moves that Prisma reads back', async () => {
    const game = await playedGame(database.prisma, 'read-write', 25);
    const read = await getGame(database.prisma, game.id);
    expect(read).toEqual(await readByPrisma(game.id));
    expect(read!.state).toEqual(game.state);
    expect(await getGame(database.prisma, 'no-such-game')).toBeNull();
  });

  it('sends a transaction’s statement through the transaction: it sees the transaction’s writes, which a rollback undoes', async () => {
    const game = await playedGame(database.prisma, 'transaction', 3);
    const rollback = new Error('rolled back on purpose');
    await expect(
      database.prisma.$transaction(async (tx) => {
        await tx.$executeRaw`UPDATE games SET turn_limit_seconds = 4321 WHERE id = ${game.id}`;
        expect((await getGame(tx, game.id))!.turnLimitSeconds).toBe(4321);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect((await getGame(database.prisma, game.id))!.turnLimitSeconds).toBe(game.turnLimitSeconds);
  });

  it('refuses a column it cannot give as $queryRaw does, naming what to do', async () => {
    await expect(queryRows(database.prisma, Prisma.sql`SELECT 1.5::numeric AS amount`)).rejects.toThrow(
      /select it as text or send the statement through \$queryRaw/,
    );
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('direct statements on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await serverDatabases(process.env.TEST_DATABASE_URL!).open();
    await migrate(database.prisma);
  });
  afterAll(() => database.close());

  it('keeps a game’s read and a move’s write prepared on the connection, and nothing Prisma sends', async () => {
    // Sequential statements reuse the pool's one idle connection, whose prepared statements the view lists.
    const game = await playedGame(database.prisma, 'prepared', 3);
    expect(await getGame(database.prisma, game.id)).toEqual(game);
    const prepared = (await queryRows(database.prisma, Prisma.sql`SELECT statement FROM pg_prepared_statements`)).map((row) => String(row.statement));
    expect(prepared.some((text) => text.includes('FROM games g WHERE g.id'))).toBe(true);
    expect(prepared.some((text) => text.includes('WITH moved AS'))).toBe(true);
    for (const text of prepared) expect(statementName({ sql: text }), text).not.toBe('');
  });
});
