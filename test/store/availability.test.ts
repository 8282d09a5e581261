/**
 * "The database is unavailable" is told apart from every other failure, however the driver and
 * Prisma wrap it: players then hear "temporarily unavailable" instead of a generic error.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isKnownUnsaved } from '../../src/store/availability.js';
import { EmbeddedStorageError } from '../../src/store/embedded-thread.js';
import { serverDatabases } from './databases.js';

/** The shape Prisma 7 gives a raw query that failed in the driver adapter (seen with 57P01). */
function prismaRawQueryError(code: string): Error {
  const adapterError = Object.assign(new Error('driver error'), {
    name: 'DriverAdapterError',
    cause: { originalCode: code, kind: 'postgres', code, severity: 'FATAL', message: 'terminating' },
  });
  return Object.assign(new Error(`Raw query failed. Code: \`${code}\`.`), {
    name: 'PrismaClientKnownRequestError',
    code: 'P2010',
    meta: { driverAdapterError: adapterError },
  });
}

describe('isDatabaseUnavailable', () => {
  it.each(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08006', '08P01', '53300', '25006', '58030'])(
    'recognises PostgreSQL %s wrapped as Prisma wraps a raw query error',
    (code) => {
      expect(isDatabaseUnavailable(prismaRawQueryError(code))).toBe(true);
    },
  );

  it.each(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'EROFS', 'ENOSPC'])('recognises a socket or file error %s', (code) => {
    expect(isDatabaseUnavailable(Object.assign(new Error('io'), { code }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('query failed', { cause: Object.assign(new Error('io'), { code }) }))).toBe(true);
  });

  it.each(['23505', '40001', '42P01', 'P2002'])('does not take %s (a query problem) for an outage', (code) => {
    expect(isDatabaseUnavailable(prismaRawQueryError(code))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('constraint'), { code }))).toBe(false);
  });

  it('survives cyclic errors', () => {
    const error: Record<string, unknown> = { message: 'loop' };
    error.cause = error;
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('knows nothing was saved only when the embedded database could not write its files', () => {
    const storage = new EmbeddedStorageError(Object.assign(new Error('could not write to log file'), { code: '42501', severity: 'PANIC' }));
    expect(isDatabaseUnavailable(storage) && isKnownUnsaved(storage)).toBe(true);
    expect(isKnownUnsaved(new Error('query failed', { cause: storage }))).toBe(true);
    // A sync that failed after the write: the commit may be in the files.
    const sync = new EmbeddedStorageError(Object.assign(new Error('could not fsync file'), { code: '58030', severity: 'PANIC' }));
    expect(isDatabaseUnavailable(sync) && !isKnownUnsaved(sync)).toBe(true);
    // A connection that dropped during the write may have carried it out first.
    expect(isKnownUnsaved(prismaRawQueryError('57P01'))).toBe(false);
    expect(isKnownUnsaved(Object.assign(new Error('io'), { code: 'ECONNRESET' }))).toBe(false);
  });

  const serverUrl = process.env.TEST_DATABASE_URL;
  it.skipIf(!serverUrl)('recognises a connection terminated by the server administrator (57P01, real PostgreSQL)', async () => {
    const database = await serverDatabases(serverUrl!).open();
    const admin = new pg.Client({ connectionString: database.url! });
    await admin.connect();
    try {
      const [backend] = await database.prisma.$queryRawUnsafe<{ pid: number }[]>('SELECT pg_backend_pid() AS pid');
      const slow = database.prisma.$queryRawUnsafe('SELECT pg_sleep(5)');
      const failure = slow.then(
        () => null,
        (error: unknown) => error,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      await admin.query('SELECT pg_terminate_backend($1)', [backend!.pid]);
      const error = await failure;
      expect(error).not.toBeNull();
      expect(isDatabaseUnavailable(error)).toBe(true);
      // The pool reconnects by itself.
      await expect(database.prisma.$queryRawUnsafe('SELECT 1')).resolves.toBeDefined();
    } finally {
      await admin.end();
      await database.close();
    }
  });
});
