import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMigrations, migrate, MIGRATIONS_DIR, type Migration } from '../../src/store/migrate.js';
import { databaseKinds, type TestDatabase } from './databases.js';

describe.each(databaseKinds)('migrations on $name', (kind) => {
  const opened: TestDatabase[] = [];
  async function open(): Promise<TestDatabase> {
    const database = await kind.open();
    opened.push(database);
    return database;
  }
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((database) => database.close()));
  });

  it('applies every migration to an empty database, then nothing on the next run', async () => {
    const { prisma } = await open();
    const migrations = await loadMigrations();
    expect(migrations.length).toBeGreaterThan(0);

    expect(await migrate(prisma)).toEqual({ applied: migrations.map((migration) => migration.name) });
    expect(await migrate(prisma)).toEqual({ applied: [] });

    const tables = await prisma.$queryRaw<{ table_name: string }[]>`
      SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`;
    expect(tables.map((table) => table.table_name)).toEqual(['_prisma_migrations', 'game_actions', 'games', 'player_settings', 'ratings', 'seats']);
    const liveIndex = await prisma.$queryRaw<{ indexdef: string }[]>`
      SELECT indexdef FROM pg_indexes WHERE indexname = 'games_one_live_per_channel'`;
    expect(liveIndex[0]?.indexdef).toMatch(/UNIQUE INDEX .* \(channel_id\) WHERE \(\(status = ANY.*\(thread_id IS NULL\)/);
  });

  it('records each migration in _prisma_migrations as Prisma does', async () => {
    const { prisma } = await open();
    await migrate(prisma);
    const rows = await prisma.$queryRaw<
      {
        id: string;
        checksum: string;
        migration_name: string;
        logs: string | null;
        started_at: Date;
        finished_at: Date | null;
        rolled_back_at: Date | null;
        applied_steps_count: number;
      }[]
    >`SELECT * FROM _prisma_migrations ORDER BY migration_name`;

    const names = (await loadMigrations()).map((migration) => migration.name);
    expect(rows.map((row) => row.migration_name)).toEqual(names);
    for (const row of rows) {
      // Prisma's checksum: the SHA-256 of the file's bytes, in lower-case hex.
      const bytes = readFileSync(`${MIGRATIONS_DIR}/${row.migration_name}/migration.sql`);
      expect(row.checksum).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(row.applied_steps_count).toBe(1);
      expect(row.logs).toBeNull();
      expect(row.rolled_back_at).toBeNull();
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.finished_at!.getTime()).toBeGreaterThanOrEqual(row.started_at.getTime());
    }
  });

  it('creates the history table with the definition of Prisma’s schema engine', async () => {
    const { prisma } = await open();
    await migrate(prisma);
    const columns = await prisma.$queryRaw<unknown[]>`
      SELECT column_name, data_type, character_maximum_length AS length, is_nullable, column_default
      FROM information_schema.columns WHERE table_name = '_prisma_migrations' ORDER BY ordinal_position`;
    expect(columns).toEqual([
      { column_name: 'id', data_type: 'character varying', length: 36, is_nullable: 'NO', column_default: null },
      { column_name: 'checksum', data_type: 'character varying', length: 64, is_nullable: 'NO', column_default: null },
      { column_name: 'finished_at', data_type: 'timestamp with time zone', length: null, is_nullable: 'YES', column_default: null },
      { column_name: 'migration_name', data_type: 'character varying', length: 255, is_nullable: 'NO', column_default: null },
      { column_name: 'logs', data_type: 'text', length: null, is_nullable: 'YES', column_default: null },
      { column_name: 'rolled_back_at', data_type: 'timestamp with time zone', length: null, is_nullable: 'YES', column_default: null },
      { column_name: 'started_at', data_type: 'timestamp with time zone', length: null, is_nullable: 'NO', column_default: 'now()' },
      { column_name: 'applied_steps_count', data_type: 'integer', length: null, is_nullable: 'NO', column_default: '0' },
    ]);
  });

  it('applies once when several migrators start together', async () => {
    const database = await open();
    // Two clients on a server database stand for two bot processes; PGlite has one connection.
    const other = database.url ? await openOther(database.url) : database;
    const reports = await Promise.all([migrate(database.prisma), migrate(other.prisma), migrate(database.prisma)]);
    const applied = reports.flatMap((report) => report.applied);
    expect(applied).toEqual((await loadMigrations()).map((migration) => migration.name));
    const [{ count }] = await database.prisma.$queryRaw<[{ count: number }]>`
      SELECT count(*)::int AS count FROM _prisma_migrations`;
    expect(count).toBe(applied.length);
  });

  it('leaves the database untouched when a migration fails', async () => {
    const { prisma } = await open();
    const broken: Migration[] = [
      ...(await loadMigrations()),
      { name: '29991231000000_broken', script: 'CREATE TABLE t (x int);\nSELECT no_such_function();\n', checksum: 'x' },
    ];
    await expect(migrate(prisma, broken)).rejects.toThrow(/no_such_function/);
    const [{ exists }] = await prisma.$queryRaw<[{ exists: boolean }]>`
      SELECT to_regclass('_prisma_migrations') IS NOT NULL AS exists`;
    expect(exists).toBe(false);
  });

  it('refuses to start when an applied migration was edited since', async () => {
    const { prisma } = await open();
    const migrations = await loadMigrations();
    await migrate(prisma, migrations);
    const edited = migrations.map((migration, index) =>
      index === 0 ? { ...migration, checksum: migration.checksum.replace(/^./, (c) => (c === '0' ? '1' : '0')) } : migration,
    );
    await expect(migrate(prisma, edited)).rejects.toThrow(/was modified after it was applied/);
  });

  async function openOther(url: string): Promise<TestDatabase> {
    const { openDatabase } = await import('../../src/store/client.js');
    const database = { ...(await openDatabase({ kind: 'postgres', url })), url };
    // Closed before the owner drops the database.
    opened.unshift(database);
    return database;
  }
});
