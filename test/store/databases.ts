/**
 * The databases the store tests (and the store benchmark) run against: a PGlite always (a copy of
 * an empty one: test/support/pglite.ts), and the PostgreSQL
 * server named by TEST_DATABASE_URL when set. Every `open()` gives a new, empty database (a
 * fresh PGlite, or a database created for it on the server) so test files never collide;
 * `close()` drops it again.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/store/client.js';
import { openPglite } from '../support/pglite.js';

export interface TestDatabase extends Database {
  /** The connection URL, for the PostgreSQL server; null for PGlite. */
  url: string | null;
}

export interface DatabaseKind {
  name: 'pglite' | 'postgres';
  open(): Promise<TestDatabase>;
}

const pglite: DatabaseKind = {
  name: 'pglite',
  async open() {
    return { ...(await openPglite()), url: null };
  },
};

/** Fresh databases created on the PostgreSQL server at `serverUrl`, dropped on close. */
export function serverDatabases(serverUrl: string): DatabaseKind {
  return {
    name: 'postgres',
    async open() {
      const name = `acquire_store_test_${randomUUID().replaceAll('-', '')}`;
      await onServer(serverUrl, `CREATE DATABASE ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const database = await openDatabase({ kind: 'postgres', url: url.href });
      return {
        ...database,
        url: url.href,
        close: async () => {
          await database.close();
          await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        },
      };
    },
  };
}

async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const serverUrl = process.env.TEST_DATABASE_URL;
export const databaseKinds: DatabaseKind[] = serverUrl ? [pglite, serverDatabases(serverUrl)] : [pglite];
