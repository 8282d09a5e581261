/**
 * The embedded database (PGlite) on a thread of its own (embedded-worker.ts), seen from the
 * bot's thread as the part of PGlite's interface the Prisma adapter uses: `query`, `exec` and
 * `transaction`. PGlite's PostgreSQL is WebAssembly that runs each query to its end without
 * yielding: on the bot's thread, under load, that was a third of the thread's busy time, and
 * every click waited behind it.
 *
 * Results arrive as PostgreSQL's text and are parsed here, with the caller's parsers and
 * PGlite's own for the rest, exactly as PGlite would have parsed them in place. (PGlite's
 * array types are the one difference: the schema has no array column, so none are parsed.)
 */
import { Worker } from 'node:worker_threads';
import { messages, types, type ParserOptions, type Transaction } from '@electric-sql/pglite';
import { workerEntry } from '../worker-entry.js';

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: ParserOptions;
}

export type ThreadRequest =
  | { id: number; op: 'query'; tx: number | null; sql: string; params: unknown[] }
  | { id: number; op: 'exec'; tx: number | null; sql: string }
  | { id: number; op: 'begin' | 'rollback'; tx: number }
  | { id: number; op: 'end'; tx: number; failed: boolean }
  | { id: number; op: 'close'; tx: null };

export interface WireResults {
  rows: (string | null)[][];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number | undefined;
}

export interface WireError {
  database: boolean;
  message: string;
  fields: Record<string, unknown>;
}

export type ThreadReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WireError };

export interface Results {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number | undefined;
}

type Request = ThreadRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/**
 * PostgreSQL's errors for a file it could not create, open, write or sync (the codes
 * `errcode_for_file_access` gives: permission, a missing or existing file, a full disk, any
 * other I/O error): with one superuser and no server, only the directory's files raise them.
 */
const STORAGE_CODES = new Set(['42501', '53100', '58000', '58030', '58P01', '58P02']);

/**
 * The embedded database could not use its files (its directory made read-only, a full disk),
 * and this instance is done with (a PGlite that met a PANIC never answers again); no statement
 * sent after this one was carried out. Said with a code isDatabaseUnavailable knows (the code is
 * all of it that Prisma passes on): EMBEDDED_NOTHING_SAVED when the statement is known not to
 * have been carried out either (isKnownUnsaved), since an ERROR or FATAL aborts its transaction
 * and a PANIC for permission (EACCES, EPERM, EROFS) wrote nothing; EMBEDDED_STORAGE_FAILED when
 * it may be in the files (a PANIC for another I/O error, such as a failed fsync).
 */
export class EmbeddedStorageError extends Error {
  readonly code: 'EMBEDDED_NOTHING_SAVED' | 'EMBEDDED_STORAGE_FAILED';
  constructor(cause: Error & { code?: unknown; severity?: unknown }) {
    super(`the embedded database could not use its files: ${cause.message}`, { cause });
    this.name = 'EmbeddedStorageError';
    this.code = cause.severity !== 'PANIC' || cause.code === '42501' ? 'EMBEDDED_NOTHING_SAVED' : 'EMBEDDED_STORAGE_FAILED';
  }
}

function isStorageFailure(error: WireError): boolean {
  const { code, severity } = error.fields;
  return error.database && (severity === 'PANIC' || severity === 'FATAL' || (typeof code === 'string' && STORAGE_CODES.has(code)));
}

export class EmbeddedThread {
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private nextTransaction = 0;
  private stopped: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: ThreadReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if (reply.ok) waiting.resolve(reply.value);
      else if (!isStorageFailure(reply.error)) waiting.reject(revive(reply.error));
      else {
        // The thread runs one statement at a time: those still waiting were never carried out.
        const failure = new EmbeddedStorageError(revive(reply.error));
        waiting.reject(failure);
        this.stop(failure);
        void worker.terminate();
      }
    });
    // Said in words isDatabaseUnavailable knows: a move in flight is reported as not known saved.
    worker.on('error', (error) => this.stop(Object.assign(new Error(`the embedded database's connection is closed: ${error.message}`), { cause: error })));
    worker.on('exit', () => this.stop(new Error("the embedded database's connection is closed")));
    // Like a socket: the thread keeps the process alive while a query is under way, and a
    // database left open with nothing asked of it does not.
    worker.unref();
  }

  /** Starts the thread and opens the database in `dataDir` (null: in memory). */
  static async open(dataDir: string | null): Promise<EmbeddedThread> {
    const worker = new Worker(workerEntry(import.meta.url, 'embedded-worker'), { workerData: { dataDir } });
    await new Promise<void>((resolve, reject) => {
      const failed = (error: Error) => reject(error);
      worker.once('error', failed);
      worker.once('message', (message: { ready: boolean; error?: WireError }) => {
        worker.off('error', failed);
        if (message.ready) resolve();
        else {
          void worker.terminate();
          reject(revive(message.error!));
        }
      });
    });
    return new EmbeddedThread(worker);
  }

  /** Why this thread no longer answers (its files failed, it ended), or null while it does. */
  get failure(): Error | null {
    return this.stopped;
  }

  private stop(error: Error): void {
    this.stopped ??= error;
    for (const waiting of this.pending.values()) waiting.reject(this.stopped);
    this.pending.clear();
  }

  private call(request: Request): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  query(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results> {
    return this.queryIn(null, sql, params, options);
  }

  exec(sql: string, options: QueryOptions = {}): Promise<Results[]> {
    return this.execIn(null, sql, options);
  }

  private async queryIn(tx: number | null, sql: string, params: unknown[], options: QueryOptions): Promise<Results> {
    return parsed((await this.call({ op: 'query', tx, sql, params })) as WireResults, options);
  }

  private async execIn(tx: number | null, sql: string, options: QueryOptions): Promise<Results[]> {
    return ((await this.call({ op: 'exec', tx, sql })) as WireResults[]).map((results) => parsed(results, options));
  }

  /** As PGlite's: the callback's work in one transaction, committed unless it throws or rolls back. */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const tx = this.nextTransaction++;
    await this.call({ op: 'begin', tx });
    let closed = false;
    const handle = {
      query: (sql: string, params: unknown[] = [], options: QueryOptions = {}) => this.queryIn(tx, sql, params, options),
      exec: (sql: string, options: QueryOptions = {}) => this.execIn(tx, sql, options),
      rollback: async () => {
        closed = true;
        await this.call({ op: 'rollback', tx });
      },
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await callback(handle);
    } catch (error) {
      await this.call({ op: 'end', tx, failed: true }).catch(() => {});
      throw error;
    }
    await this.call({ op: 'end', tx, failed: false });
    return result;
  }

  /** Closes the database (its files flushed) and ends the thread. */
  async close(): Promise<void> {
    try {
      if (!this.stopped) await this.call({ op: 'close', tx: null });
    } finally {
      await this.worker.terminate();
    }
  }
}

/** Results as PGlite gives them: values parsed by type, rows as arrays or objects. */
function parsed(results: WireResults, options: QueryOptions): Results {
  const { fields } = results;
  const rows = results.rows.map((row) => {
    const values = row.map((text, column) => types.parseType(text, fields[column]!.dataTypeID, options.parsers));
    return options.rowMode === 'array' ? values : Object.fromEntries(values.map((value, column) => [fields[column]!.name, value]));
  });
  return { rows, fields, ...(results.affectedRows === undefined ? {} : { affectedRows: results.affectedRows }) };
}

/** The error as the adapter expects it: PostgreSQL's as PGlite's own DatabaseError, so it maps codes. */
function revive(error: WireError): Error {
  const revived = error.database ? new messages.DatabaseError(error.message, 0, 'error') : new Error(error.message);
  for (const [key, value] of Object.entries(error.fields)) {
    if (key === 'length' || key === 'name') continue;
    (revived as unknown as Record<string, unknown>)[key] = value;
  }
  return revived;
}
