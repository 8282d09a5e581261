/**
 * The embedded database whose folder stops being writable under a running bot: every statement
 * is refused as unavailable, known to have saved nothing, and the health check fails; once the
 * folder may be written again the database is opened again from its files by itself, with every
 * row it had acknowledged, and takes writes again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { isDatabaseUnavailable, isKnownUnsaved } from '../../src/store/availability.js';
import { openDatabase } from '../../src/store/client.js';
import { makeReadOnly, makeWritable } from '../support/read-only.js';
import { until } from '../support/until.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const healthy = (check: () => Promise<void>) =>
  check().then(
    () => true,
    () => false,
  );

it('refuses every statement while its folder cannot be written, then reopens by itself with what it acknowledged', async () => {
  const parent = mkdtempSync(join(tmpdir(), 'acquire-heal-'));
  cleanups.push(() => rmSync(parent, { recursive: true, force: true }));
  const dataDir = join(parent, 'pglite');
  const events: string[] = [];
  const database = await openDatabase(
    { kind: 'pglite', dataDir },
    { embedded: { failed: () => events.push('failed'), reopened: () => events.push('reopened') } },
  );
  cleanups.push(() => database.close().catch(() => undefined));
  await database.prisma.$executeRawUnsafe('CREATE TABLE moves (n integer)');
  await database.prisma.$executeRawUnsafe('INSERT INTO moves VALUES (1)');
  await database.prisma.$transaction([database.prisma.$executeRawUnsafe('INSERT INTO moves VALUES (2)')]);

  makeReadOnly(dataDir);
  cleanups.push(() => makeWritable(dataDir));
  expect(await healthy(database.check)).toBe(false);
  const write = database.prisma.$executeRawUnsafe('INSERT INTO moves VALUES (3)');
  await expect(write).rejects.toSatisfy(isDatabaseUnavailable);
  await expect(write).rejects.toSatisfy(isKnownUnsaved);
  // The database is done with until it is opened again: reads and transactions are refused too, at once.
  await expect(database.prisma.$queryRawUnsafe('SELECT n FROM moves')).rejects.toSatisfy(isDatabaseUnavailable);
  await expect(database.prisma.$transaction([database.prisma.$executeRawUnsafe('INSERT INTO moves VALUES (4)')])).rejects.toSatisfy(isKnownUnsaved);
  expect(events).toEqual(['failed']);

  makeWritable(dataDir);
  const writable = Date.now();
  await until(() => healthy(database.check), { timeoutMs: 30_000, everyMs: 200, description: 'the database answering again' });
  expect(Date.now() - writable).toBeLessThan(30_000);
  expect(events).toEqual(['failed', 'reopened']);
  await database.prisma.$executeRawUnsafe('INSERT INTO moves VALUES (5)');
  expect(await database.prisma.$queryRawUnsafe('SELECT n FROM moves ORDER BY n')).toEqual([{ n: 1 }, { n: 2 }, { n: 5 }]);
}, 60_000);
