/**
 * The thread the embedded database (PGlite) runs in: its PostgreSQL is WebAssembly that runs
 * each query to its end without yielding, so on the bot's own thread every write held up every
 * click (a third of that thread's busy time under load). The bot's side is embedded-thread.ts;
 * this side only runs what it is sent, one transaction's steps in order, and answers.
 *
 * Values leave here as PostgreSQL wrote them (text), and are parsed on the bot's side with the
 * parsers the caller gave: parsers are functions, which cannot cross between threads.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { messages, PGlite, type Transaction } from '@electric-sql/pglite';
import type { ThreadReply, ThreadRequest, WireError, WireResults } from './embedded-thread.js';

const { dataDir } = workerData as { dataDir: string | null };
const port = parentPort!;

/** Thrown inside a transaction's callback to make PGlite roll it back. */
class RolledBack extends Error {}

interface OpenTransaction {
  tx: Transaction;
  end: (failed: boolean) => void;
  finished: Promise<unknown>;
}

async function main(): Promise<void> {
  const pglite = dataDir === null ? new PGlite() : new PGlite(dataDir);
  try {
    await pglite.waitReady;
  } catch (error) {
    port.postMessage({ ready: false, error: wireError(error) });
    return;
  }
  // Every type PGlite knows (its array types included) comes back as the text it received. Set
  // on the instance once, not passed with each query: PGlite merges a query's own parsers into a
  // copy of its table of some 200 types on every query, which took half of a short read's time
  // (one row by its key: 500–656 µs a query against 195–297, PGlite alone, runs alternated).
  const asText = (text: string) => text;
  for (const oid of Object.keys(pglite.parsers)) pglite.parsers[oid] = asText;
  const transactions = new Map<number, OpenTransaction>();
  // A transaction's steps run in order; anything else runs as it comes (PGlite itself makes a
  // query outside a transaction wait for the transaction to end).
  const chains = new Map<number, Promise<unknown>>();

  /** The database, or the open transaction a step belongs to. */
  const targetOf = (tx: number | null): PGlite | Transaction => {
    const target = tx === null ? pglite : transactions.get(tx)?.tx;
    if (!target) throw new Error('transaction not open');
    return target;
  };

  const run = async (request: ThreadRequest): Promise<unknown> => {
    switch (request.op) {
      case 'query':
        return wireResults(await targetOf(request.tx).query(request.sql, request.params, { rowMode: 'array' }));
      case 'exec':
        return (await targetOf(request.tx).exec(request.sql, { rowMode: 'array' })).map(wireResults);
      case 'begin':
        return begin(request.tx!);
      case 'rollback':
        await transactions.get(request.tx!)?.tx.rollback();
        return null;
      case 'end': {
        const open = transactions.get(request.tx!);
        if (!open) return null;
        transactions.delete(request.tx!);
        open.end(request.failed);
        try {
          await open.finished;
        } catch (error) {
          if (!(error instanceof RolledBack)) throw error;
        }
        return null;
      }
      case 'close':
        await pglite.close();
        return null;
    }
  };

  const begin = (tx: number): Promise<null> =>
    new Promise((opened, failed) => {
      let end: (failedTransaction: boolean) => void = () => {};
      const ended = new Promise<boolean>((resolve) => (end = resolve));
      const finished = pglite.transaction(async (open) => {
        transactions.set(tx, { tx: open, end, finished });
        opened(null);
        if (await ended) throw new RolledBack();
      });
      finished.catch(failed);
    });

  port.on('message', (request: ThreadRequest) => {
    const key = request.tx ?? -1;
    const step = (key >= 0 ? (chains.get(key) ?? Promise.resolve()) : Promise.resolve()).then(() => run(request));
    if (key >= 0) {
      const settled = step.catch(() => {});
      chains.set(key, settled);
      // The chain is dropped once its last step is done, so a long-running bot keeps no dead ones.
      void settled.then(() => {
        if (chains.get(key) === settled) chains.delete(key);
      });
    }
    step.then(
      (value) => port.postMessage({ id: request.id, ok: true, value } satisfies ThreadReply),
      (error: unknown) => port.postMessage({ id: request.id, ok: false, error: wireError(error) } satisfies ThreadReply),
    );
  });
  port.postMessage({ ready: true });
}

function wireResults(results: { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number }): WireResults {
  return {
    rows: results.rows as (string | null)[][],
    fields: results.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })),
    affectedRows: results.affectedRows,
  };
}

/** An error as plain data: PostgreSQL's own (a DatabaseError, with its code and detail) or any other. */
function wireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { database: false, message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  return { database: error instanceof messages.DatabaseError, message: error.message, fields };
}

void main();
