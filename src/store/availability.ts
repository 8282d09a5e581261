/**
 * Telling "the database cannot be reached right now" apart from every other failure, so the
 * bot can say "temporarily unavailable, nothing was changed" and carry on; the connection pool
 * reconnects by itself once the server is back.
 */

/** The embedded database could not use its files, and did not carry the statement out (EmbeddedStorageError in embedded-thread.ts). */
const EMBEDDED_NOTHING_SAVED = 'EMBEDDED_NOTHING_SAVED';

/** Error codes meaning the connection, not the query, failed. */
const UNAVAILABLE_CODES = new Set([
  // sockets
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  // PostgreSQL: connection exceptions (class 08), administrator/crash shutdown and "cannot
  // connect now" (57P01-57P03), too many connections, the disk full or failing under it, and a
  // server or replica that only reads
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '08007',
  '08P01',
  '57P01',
  '57P02',
  '57P03',
  '57P05',
  '53100',
  '53300',
  '58030',
  '25006',
  // sockets and files under the embedded database: reset, read-only, gone
  'EROFS',
  'EACCES',
  'ENOSPC',
  'EIO',
  // Prisma: server unreachable, timed out, closed, pool timeout
  'P1001',
  'P1002',
  'P1008',
  'P1017',
  'P2024',
  // The embedded database's directory was deleted or replaced (src/store/embedded-guard.ts).
  'DATA_DIR_MISSING',
  // The embedded database could not use its files, and is being opened again (embedded-thread.ts).
  EMBEDDED_NOTHING_SAVED,
  'EMBEDDED_STORAGE_FAILED',
]);

/** Driver adapter error kinds (Prisma 7) with the same meaning. */
const UNAVAILABLE_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);

const UNAVAILABLE_MESSAGES =
  /connection terminated|connection refused|can't reach database|server closed the connection|connection is closed|timeout exceeded when trying to connect/i;

const MAX_OBJECTS_INSPECTED = 200;

export function isDatabaseUnavailable(error: unknown): boolean {
  return someObjectIn(error, (record) => {
    if (typeof record.code === 'string' && UNAVAILABLE_CODES.has(record.code)) return true;
    if (typeof record.errorCode === 'string' && UNAVAILABLE_CODES.has(record.errorCode)) return true;
    if (typeof record.kind === 'string' && UNAVAILABLE_KINDS.has(record.kind)) return true;
    if (record.name === 'PrismaClientInitializationError') return true;
    return typeof record.message === 'string' && UNAVAILABLE_MESSAGES.test(record.message);
  });
}

/**
 * An unavailable database that is known to have carried out nothing of the statement (the
 * embedded one, when it could not write its files): a move that met it was not made.
 */
export function isKnownUnsaved(error: unknown): boolean {
  return someObjectIn(error, (record) => record.code === EMBEDDED_NOTHING_SAVED);
}

function someObjectIn(error: unknown, test: (record: Record<string, unknown>) => boolean): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  // Errors can hold references to large objects (a client, a socket): look at a bounded number.
  while (queue.length > 0 && seen.size < MAX_OBJECTS_INSPECTED) {
    const current = queue.shift();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const record = current as Record<string, unknown>;
    if (test(record)) return true;
    // Prisma nests the driver's error in different places by path (meta.driverAdapterError.cause
    // for raw queries, cause for others): look through every object inside.
    queue.push(record.cause, ...Object.values(record), ...(Array.isArray(record.errors) ? record.errors : []));
  }
  return false;
}
