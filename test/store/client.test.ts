import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PGLITE_DIR, openDatabase, targetFromEnv } from '../../src/store/client.js';
import { createLobby, findLiveGame } from '../../src/store/index.js';
import { migrate } from '../../src/store/migrate.js';

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
