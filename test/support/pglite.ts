/**
 * Embedded databases (PGlite) for tests, each a copy of a data directory made once: `openPglite()`
 * gives a new database that only initdb ran on, `openPglite({ migrated: true })` one with every
 * migration applied. A PGlite started in memory runs initdb every time: on this two-core
 * machine under other work (load 20), 15 s against 4.5 s for a copy opened from its directory
 * (PGlite alone), and 33–42 s against 14–21 s for a migrated database through `openDatabase`.
 * The copies are opened as the bot opens its own, from a directory (lock and guard included).
 *
 * The two templates live in a temporary folder under a key made of PGlite's version
 * and the migrations' bytes, so a changed migration makes new ones; `ensureTemplates()` (run by
 * vitest's global setup, test/support/pglite-setup.ts) builds them when missing. Each copy is
 * deleted when its database is closed, and what a crashed test left at the end of the run.
 */
import { createHash, randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../../src/store/client.js';
import { MIGRATIONS_DIR, migrate } from '../../src/store/migrate.js';

/**
 * In memory (/dev/shm) where the machine has room there: a copy is 39 MB, and on this machine's
 * disk copying one and deleting it took 3 s of a test's setup against 0.3 s in memory.
 */
const ROOT = join(hasRoomInMemory() ? '/dev/shm' : tmpdir(), 'acquire-test-pglite');

function hasRoomInMemory(): boolean {
  try {
    const stats = statfsSync('/dev/shm');
    return stats.bavail * stats.bsize > 2 ** 30;
  } catch {
    return false;
  }
}

/**
 * Where the copies are made: a folder for each test process, so that runs side by side never
 * touch each other's; the global setup's teardown removes the folders of processes gone.
 */
const COPIES_ROOT = join(ROOT, 'copies');
const COPIES_DIR = join(COPIES_ROOT, String(process.pid));

/** Removes the copies left by test processes no longer running (a crashed test's, a finished run's). */
export function removeLeftCopies(): void {
  if (!existsSync(COPIES_ROOT)) return;
  for (const pid of readdirSync(COPIES_ROOT)) {
    if (!isRunning(Number(pid))) rmSync(join(COPIES_ROOT, pid), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function templatesKey(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url)));
  for (const entry of readdirSync(MIGRATIONS_DIR, { recursive: true, withFileTypes: true })
    .filter((file) => file.isFile())
    .map((file) => join(file.parentPath, file.name))
    .sort()) {
    hash.update(entry.slice(MIGRATIONS_DIR.length)).update(readFileSync(entry));
  }
  return hash.digest('hex').slice(0, 16);
}

let templates: string | undefined;

/** The folder holding the `empty` and `migrated` templates, built first if missing. */
export async function ensureTemplates(): Promise<string> {
  if (templates) return templates;
  const target = join(ROOT, templatesKey());
  if (!existsSync(target)) {
    // Built aside and renamed into place whole: a test process that finds the folder finds both.
    const building = join(ROOT, `building-${randomUUID()}`);
    mkdirSync(building, { recursive: true });
    for (const kind of ['empty', 'migrated'] as const) {
      const database = await openDatabase({ kind: 'pglite', dataDir: join(building, kind) });
      if (kind === 'migrated') await migrate(database.prisma);
      await database.close();
    }
    try {
      renameSync(building, target);
    } catch {
      // Another process put its own in place first: the same templates.
      rmSync(building, { recursive: true, force: true });
    }
  }
  templates = target;
  return target;
}

/** A new embedded database, a copy of a template: empty (initdb only) or with every migration applied. */
export async function openPglite({ migrated = false }: { migrated?: boolean } = {}): Promise<Database> {
  const template = join(await ensureTemplates(), migrated ? 'migrated' : 'empty');
  const dataDir = join(COPIES_DIR, randomUUID());
  mkdirSync(COPIES_DIR, { recursive: true });
  cpSync(template, dataDir, { recursive: true });
  const database = await openDatabase({ kind: 'pglite', dataDir });
  return {
    ...database,
    close: async () => {
      try {
        await database.close();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
