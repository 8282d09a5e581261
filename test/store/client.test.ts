import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PGLITE_DIR, openDatabase, targetFromEnv } from '../../src/store/client.js';
import { createLobby, findLiveGame, getGame } from '../../src/store/index.js';
import { migrate } from '../../src/store/migrate.js';
import { serverDatabases } from './databases.js';

describe('targetFromEnv', () => {
  it('uses PostgreSQL when DATABASE_URL is set', () => {
    expect(targetFromEnv({ DATABASE_URL: 'postgresql://db/acquire', DATA_DIR: '/x' })).toEqual({ kind: 'postgres', url: 'postgresql://db/acquire' });
  });

  it('falls back to PGlite in DATA_DIR, or in ./data/pglite', () => {
    expect(targetFromEnv({ DATA_DIR: '/var/lib/acquire' })).toEqual({ kind: 'pglite', dataDir: '/var/lib/acquire' });
    expect(targetFromEnv({})).toEqual({ kind: 'pglite', dataDir: DEFAULT_PGLITE_DIR });
  });
});

describe('PGlite in a data directory', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('keeps games across restarts', async () => {
    dir = await mkdtemp(join(tmpdir(), 'acquire-pglite-'));
    const target = { kind: 'pglite', dataDir: join(dir, 'nested', 'pglite') } as const;

    const first = await openDatabase(target);
    await migrate(first.prisma);
    const lobby = await createLobby(first.prisma, { guildId: 'g', channelId: 'c', host: { id: '1', name: 'Ann' } });
    await first.close();

    const second = await openDatabase(target);
    expect(await migrate(second.prisma)).toEqual({ applied: [] });
    expect((await findLiveGame(second.prisma, 'c'))?.id).toBe(lobby.ok && lobby.game.id);
    await second.close();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL connections the server closes', () => {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  /** Ends every connection to `database` but the caller's, as a server restart or an administrator does. */
  async function closeConnectionsTo(database: { url: string | null }): Promise<void> {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [
        new URL(database.url!).pathname.slice(1),
      ]);
    } finally {
      await admin.end();
    }
  }

  it('are replaced: the statements sent to the adapter and through Prisma open new ones', async () => {
    const database = await serverDatabases(serverUrl).open();
    try {
      await migrate(database.prisma);
      const lobby = await createLobby(database.prisma, { guildId: 'guild', channelId: 'channel', host: { id: '1', name: 'Ann' } });
      if (!lobby.ok) throw new Error(lobby.reason);
      await closeConnectionsTo(database);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await getGame(database.prisma, lobby.game.id))?.id).toBe(lobby.game.id);
      expect((await findLiveGame(database.prisma, 'channel'))?.id).toBe(lobby.game.id);
    } finally {
      await database.close();
    }
  });
});
