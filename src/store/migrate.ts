/**
 * Applies the SQL migrations under prisma/migrations at start-up, keeping the books in
 * `_prisma_migrations` exactly as `prisma migrate deploy` does, so the Prisma CLI (`prisma
 * migrate status`, later `migrate deploy` runs) agrees with what the bot did. The bot cannot
 * rely on the CLI: it needs a schema engine binary the bot's hosts may not be able to fetch,
 * and it does not work with the embedded PGlite at all.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { PrismaClient } from './generated/client.js';
import { splitSqlStatements } from './sql-statements.js';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../prisma/migrations/', import.meta.url));

/**
 * The key `prisma migrate` itself locks. Taking the same key (transaction-scoped here) keeps
 * two bot processes, or a bot and the CLI, from migrating the same database at once.
 */
const PRISMA_MIGRATE_LOCK_KEY = 72707369;

/** Generous: the lock wait of a second process counts too. */
const MIGRATION_TRANSACTION_TIMEOUT_MS = 120_000;

export interface Migration {
  /** The folder name, e.g. `20261121061500_init`; sorting by it gives the order. */
  name: string;
  script: string;
  /** SHA-256 hex of the script's bytes, as Prisma records it. */
  checksum: string;
}

export interface MigrationReport {
  /** Names of the migrations this run applied, in order; empty when all were applied before. */
  applied: string[];
}

/** Prisma's definition of its history table for PostgreSQL, column for column. */
const CREATE_HISTORY_TABLE = `
CREATE TABLE IF NOT EXISTS _prisma_migrations (
    id                      VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum                VARCHAR(64) NOT NULL,
    finished_at             TIMESTAMPTZ,
    migration_name          VARCHAR(255) NOT NULL,
    logs                    TEXT,
    rolled_back_at          TIMESTAMPTZ,
    started_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    applied_steps_count     INTEGER NOT NULL DEFAULT 0
)`;

export function migrationChecksum(script: string): string {
  return createHash('sha256').update(script, 'utf8').digest('hex');
}

export async function loadMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const script = await readFile(`${dir}/${name}/migration.sql`, 'utf8');
      return { name, script, checksum: migrationChecksum(script) };
    }),
  );
}

interface HistoryRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

/**
 * Applies every migration not yet applied, all in one transaction: either the database ends up
 * fully migrated or untouched. Safe to call on every start and from several processes at once.
 */
export async function migrate(prisma: PrismaClient, migrations?: Migration[]): Promise<MigrationReport> {
  const available = migrations ?? (await loadMigrations());
  return prisma.$transaction(
    async (tx) => {
      // Everything below happens after the lock, so the second of two racing processes sees
      // the first one's history and applies nothing.
      await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${PRISMA_MIGRATE_LOCK_KEY})`);
      await tx.$executeRawUnsafe(CREATE_HISTORY_TABLE);
      const history = await tx.$queryRawUnsafe<HistoryRow[]>('SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations');
      checkHistory(history, available);
      const done = new Set(history.filter((row) => row.finished_at && !row.rolled_back_at).map((row) => row.migration_name));

      const applied: string[] = [];
      for (const migration of available) {
        if (done.has(migration.name)) continue;
        const id = randomUUID();
        // The history row is written as Prisma writes it: started first, then one step applied
        // and finished once the script has run.
        await tx.$executeRaw`
          INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, applied_steps_count)
          VALUES (${id}, ${migration.checksum}, ${migration.name}, clock_timestamp(), 0)`;
        for (const statement of splitSqlStatements(migration.script)) {
          await tx.$executeRawUnsafe(statement);
        }
        await tx.$executeRaw`
          UPDATE _prisma_migrations
          SET applied_steps_count = 1, finished_at = clock_timestamp()
          WHERE id = ${id}`;
        applied.push(migration.name);
      }
      return { applied };
    },
    { timeout: MIGRATION_TRANSACTION_TIMEOUT_MS, maxWait: MIGRATION_TRANSACTION_TIMEOUT_MS },
  );
}

/**
 * Refuses to go on where `prisma migrate deploy` would refuse (a migration that failed
 * half-way), and where an applied migration's file changed since: the database may then not
 * have the schema the code was generated from.
 */
function checkHistory(history: HistoryRow[], available: Migration[]): void {
  const byName = new Map(available.map((migration) => [migration.name, migration]));
  for (const row of history) {
    if (row.rolled_back_at) continue;
    if (!row.finished_at) {
      throw new Error(`Migration ${row.migration_name} failed earlier and was never resolved; see \`prisma migrate resolve\` before starting the bot again.`);
    }
    const migration = byName.get(row.migration_name);
    if (migration && migration.checksum !== row.checksum) {
      throw new Error(
        `Migration ${row.migration_name} was modified after it was applied ` + `(checksum ${row.checksum} in the database, ${migration.checksum} on disk).`,
      );
    }
  }
}
