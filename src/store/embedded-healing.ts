/**
 * The embedded database on disk, healing: when its thread stops answering (its directory could
 * not be written, so PostgreSQL gave up; or the thread ended), every statement is refused at
 * once as unavailable while the database is opened again from its files, every few seconds,
 * until that succeeds. What was committed is in those files, so a move the bot acknowledged
 * survives; nothing else is kept between instances. Seen from Prisma's adapter it is the same
 * `query`, `exec` and `transaction` as one EmbeddedThread; a transaction stays on the thread it
 * began on.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Transaction } from '@electric-sql/pglite';
import { EmbeddedThread, type Results } from './embedded-thread.js';

/** The first wait before opening again, doubled after each failure up to the last. */
const FIRST_REOPEN_MS = 1_000;
const LAST_REOPEN_MS = 8_000;

export interface HealingEvents {
  /** The database stopped answering: it is opened again until it can be. */
  failed?(error: Error): void;
  /** Opened again from its files. */
  reopened?(): void;
}

type QueryOptions = Parameters<EmbeddedThread['query']>[2];

export class HealingThread {
  private reopening = false;
  private closed = false;

  private constructor(
    private readonly dataDir: string,
    private thread: EmbeddedThread,
    /** False when the directory is no longer the one opened: opening it would start an empty database. */
    private readonly mayReopen: () => boolean,
    private readonly events: HealingEvents,
  ) {}

  static async open(dataDir: string, mayReopen: () => boolean, events: HealingEvents = {}): Promise<HealingThread> {
    return new HealingThread(dataDir, await EmbeddedThread.open(dataDir), mayReopen, events);
  }

  query(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results> {
    return this.use((thread) => thread.query(sql, params, options));
  }

  exec(sql: string, options: QueryOptions = {}): Promise<Results[]> {
    return this.use((thread) => thread.exec(sql, options));
  }

  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.use((thread) => thread.transaction(callback));
  }

  /** Closes the database; an opening under way is closed as it completes. */
  async close(): Promise<void> {
    this.closed = true;
    await this.thread.close();
  }

  private async use<T>(work: (thread: EmbeddedThread) => Promise<T>): Promise<T> {
    const thread = this.thread;
    if (thread.failure) {
      this.heal(thread.failure);
      throw thread.failure;
    }
    try {
      return await work(thread);
    } finally {
      if (thread.failure) this.heal(thread.failure);
    }
  }

  private heal(failure: Error): void {
    if (this.reopening || this.closed) return;
    this.reopening = true;
    this.events.failed?.(failure);
    void (async () => {
      for (let wait = FIRST_REOPEN_MS; !this.closed && this.mayReopen(); wait = Math.min(wait * 2, LAST_REOPEN_MS)) {
        await sleep(wait, undefined, { ref: false });
        if (this.closed || !this.mayReopen()) break;
        let thread: EmbeddedThread;
        try {
          thread = await EmbeddedThread.open(this.dataDir);
        } catch {
          // Still not writable (PGlite cannot start on files it may not write): wait and try again.
          continue;
        }
        if (this.closed) {
          await thread.close();
          break;
        }
        this.thread = thread;
        this.events.reopened?.();
        break;
      }
      this.reopening = false;
    })();
  }
}
