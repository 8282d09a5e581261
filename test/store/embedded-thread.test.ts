import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/store/client.js';

let database: Database | null = null;
afterEach(async () => {
  await database?.close();
  database = null;
});

describe('the embedded database runs on a thread of its own', () => {
  it('leaves the bot free to answer clicks while a query runs', async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: null });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    try {
      await database.prisma.$queryRawUnsafe('SELECT 1 AS done FROM pg_sleep(0.4)');
    } finally {
      clearInterval(timer);
    }
    // On the bot's thread the query would hold the event loop for all 400 ms: not one tick.
    expect(ticks).toBeGreaterThan(10);
  });

  it('gives values, errors and transactions as PGlite in place did', async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: null });
    const { prisma } = database;
    const [row] = await prisma.$queryRawUnsafe<{ n: number; t: string; b: boolean; j: unknown; d: Date; big: bigint }[]>(
      `SELECT 42::int AS n, 'tile 9C'::text AS t, true AS b, '{"a":[1,2]}'::jsonb AS j, '2026-11-25T10:00:00Z'::timestamptz AS d, 9007199254740993::bigint AS big`,
    );
    expect(row).toEqual({ n: 42, t: 'tile 9C', b: true, j: { a: [1, 2] }, d: new Date('2026-11-25T10:00:00Z'), big: 9007199254740993n });
    // A type made after the database started (the schema's enums, by the migrations) and a null
    // arrive as the bot expects: the thread sends every value as text, and Prisma's side parses it.
    await prisma.$executeRawUnsafe(`CREATE TYPE mood AS ENUM ('calm', 'keen')`);
    const [more] = await prisma.$queryRawUnsafe<{ mood: string; moods: string; none: null; count: bigint }[]>(
      `SELECT 'keen'::mood AS mood, 'calm'::mood::text AS moods, NULL::jsonb AS none, count(*) AS count FROM generate_series(1, 3)`,
    );
    expect(more).toEqual({ mood: 'keen', moods: 'calm', none: null, count: 3n });
    await prisma.$executeRawUnsafe('CREATE TABLE t (id int PRIMARY KEY)');
    // A PostgreSQL error keeps its code through the thread: Prisma still reports a unique violation.
    await prisma.$executeRawUnsafe('INSERT INTO t VALUES (1)');
    await expect(prisma.$executeRawUnsafe('INSERT INTO t VALUES (1)')).rejects.toThrow(/23505|Unique constraint/);
    // A transaction that throws writes nothing; one that returns writes all.
    await expect(
      prisma.$transaction(async (tx) => {
        await tx.$executeRawUnsafe('INSERT INTO t VALUES (2)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe('INSERT INTO t VALUES (3)');
    });
    const ids = await prisma.$queryRawUnsafe<{ id: number }[]>('SELECT id FROM t ORDER BY id');
    expect(ids.map((r) => r.id)).toEqual([1, 3]);
  });
});
