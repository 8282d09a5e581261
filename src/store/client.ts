/**
 * The one place a Prisma client is created. With `DATABASE_URL` the bot talks to a PostgreSQL
 * server through `@prisma/adapter-pg`; without it, to PGlite, a PostgreSQL compiled to
 * WebAssembly running inside the process (on a thread of its own: embedded-thread.ts), so that a
 * self-hosted bot needs no database server.
 * Both are PostgreSQL: the schema, the migrations and every query above the adapter are the
 * same.
 */
import { mkdir } from 'node:fs/promises';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { HealingThread, type HealingEvents } from './embedded-healing.js';
import { EmbeddedThread } from './embedded-thread.js';
import { directoryIdentity, guardQueries, lockDataDir, type DirectoryIdentity } from './embedded-guard.js';
import { PrismaClient, type Prisma } from './generated/client.js';

export type { PrismaClient };
/** The PGlite instance the adapter is typed for; it uses only what EmbeddedThread provides. */
type PGliteForAdapter = ConstructorParameters<typeof PrismaPGlite>[0];
/** What a repository function needs: the client itself or the client of a transaction. */
export type Db = PrismaClient | Prisma.TransactionClient;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /** `dataDir` null keeps the database in memory (tests). */
  | { kind: 'pglite'; dataDir: string | null };

export const DEFAULT_PGLITE_DIR = './data/pglite';

export function targetFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseTarget {
  if (env.DATABASE_URL) return { kind: 'postgres', url: env.DATABASE_URL };
  return { kind: 'pglite', dataDir: env.DATA_DIR || DEFAULT_PGLITE_DIR };
}

export interface Database {
  prisma: PrismaClient;
  target: DatabaseTarget;
  /** Disconnects Prisma and releases the pool or the embedded database. */
  close(): Promise<void>;
  /**
   * Resolves when the database can be used: it answers, and the embedded one's directory is
   * still the one opened and may be written. Rejects otherwise (the health check).
   */
  check(): Promise<void>;
  /**
   * The embedded database on disk only: false once its directory was deleted or replaced, when
   * every query fails and the process should stop rather than acknowledge moves it cannot keep.
   */
  storagePresent(): boolean;
}

export interface DatabaseOptions {
  /** Told every statement's duration in seconds, as the driver adapter saw it (the metrics). */
  observeStatement?: (seconds: number) => void;
  /** Told when the embedded database on disk stops answering, and when it is opened again. */
  embedded?: HealingEvents;
}

export async function openDatabase(target: DatabaseTarget = targetFromEnv(), options: DatabaseOptions = {}): Promise<Database> {
  const clientOf = (adapter: PrismaPg | PrismaPGlite) => clientOfAdapter(options.observeStatement ? timed(adapter, options.observeStatement) : adapter);
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url });
    // A pooled connection the server closes (a restart, the database dropped) is an error event
    // on the pool, which drops that connection and opens another when asked; each adapter listens
    // only until it is disposed, and an event nobody listens to would end the process.
    pool.on('error', () => undefined);
    const prisma = await clientOf(new PrismaPg(pool));
    return database(prisma, target, async () => {
      await prisma.$disconnect();
      await pool.end();
    });
  }
  if (target.dataDir === null) {
    const pglite = await EmbeddedThread.open(null);
    const prisma = await clientOf(new PrismaPGlite(pglite as unknown as PGliteForAdapter));
    return database(prisma, target, async () => {
      await prisma.$disconnect();
      await pglite.close();
    });
  }
  // PGlite creates its own directory but not the ones above it (./data on a fresh clone).
  await mkdir(target.dataDir, { recursive: true });
  const unlock = lockDataDir(target.dataDir);
  try {
    const identity = directoryIdentity(target.dataDir);
    const pglite = await HealingThread.open(target.dataDir, identity.present, options.embedded);
    const prisma = await clientOf(new PrismaPGlite(guardQueries(pglite, identity) as unknown as PGliteForAdapter));
    const close = async () => {
      try {
        await prisma.$disconnect();
        // The adapter leaves the PGlite instance open; closing it flushes the data directory.
        await pglite.close();
      } finally {
        unlock();
      }
    };
    return database(prisma, target, close, identity);
  } catch (error) {
    unlock();
    throw error;
  }
}

/** A client of `adapter`. */
async function clientOfAdapter(adapter: PrismaPg | PrismaPGlite): Promise<PrismaClient> {
  return new PrismaClient({ adapter });
}

/**
 * The adapter (and the connections and transactions it opens) with each statement's duration
 * told to `observe`: every statement Prisma sends passes here.
 */
function timed<T extends object>(target: T, observe: (seconds: number) => void): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value = Reflect.get(object, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => Promise<unknown>;
      if (property === 'queryRaw' || property === 'executeRaw') {
        return async (...args: unknown[]) => {
          const started = performance.now();
          try {
            return await method.apply(object, args);
          } finally {
            observe((performance.now() - started) / 1000);
          }
        };
      }
      if (property === 'connect' || property === 'startTransaction')
        return async (...args: unknown[]) => timed((await method.apply(object, args)) as object, observe);
      return method.bind(object);
    },
  });
}

function database(prisma: PrismaClient, target: DatabaseTarget, close: () => Promise<void>, storage?: DirectoryIdentity): Database {
  return {
    prisma,
    target,
    close,
    check: async () => {
      storage?.check();
      storage?.checkWritable();
      await prisma.$queryRaw`SELECT 1`;
    },
    storagePresent: () => storage?.present() ?? true,
  };
}
