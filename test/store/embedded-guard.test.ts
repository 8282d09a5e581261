/**
 * The embedded database belongs to one process and one directory: a second opener is refused
 * (naming the owner), a lock left by a dead process is taken over, and a directory deleted under
 * a running bot makes every query fail as "unavailable" instead of losing moves silently.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/store/client.js';
import { DatabaseInUseError, formerLockFileOf, lockDataDir, lockFileOf } from '../../src/store/embedded-guard.js';
import { makeReadOnly, makeWritable } from '../support/read-only.js';
import { isDatabaseUnavailable } from '../../src/store/availability.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A data directory that exists (as the bot makes it before taking the lock), in a parent of its own. */
function tempDataDir(): string {
  const parent = mkdtempSync(join(tmpdir(), 'acquire-guard-'));
  cleanups.push(() => rmSync(parent, { recursive: true, force: true }));
  const dataDir = join(parent, 'pglite');
  mkdirSync(dataDir);
  return dataDir;
}

/** A process that just sleeps, to stand for another bot owning the lock. */
function sleeper(): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  cleanups.push(() => child.kill('SIGKILL'));
  return child;
}

describe('the embedded database lock', () => {
  it('refuses a directory whose lock names a running process, naming the pid and the directory', () => {
    const dataDir = tempDataDir();
    const other = sleeper();
    writeFileSync(lockFileOf(dataDir), `${other.pid}\n`);
    let refusal: unknown;
    try {
      lockDataDir(dataDir);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DatabaseInUseError);
    expect((refusal as Error).message).toContain(`pid ${other.pid}`);
    expect((refusal as Error).message).toContain(dataDir);
    // The other process's lock is left as it was.
    expect(existsSync(lockFileOf(dataDir))).toBe(true);
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const dataDir = tempDataDir();
    const dead = sleeper();
    await new Promise((resolve) => {
      dead.once('exit', resolve);
      dead.kill('SIGKILL');
    });
    writeFileSync(lockFileOf(dataDir), `${dead.pid}\n`);
    const release = lockDataDir(dataDir);
    release();
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
  });

  it('refuses a directory whose lock beside it, from an earlier version, names a running process', () => {
    const dataDir = tempDataDir();
    const other = sleeper();
    writeFileSync(formerLockFileOf(dataDir), `${other.pid}\n`);
    expect(() => lockDataDir(dataDir)).toThrow(`pid ${other.pid}`);
  });

  it('keeps its lock inside the directory: a bot that may not write the parent starts and stops', async () => {
    const dataDir = tempDataDir();
    makeReadOnly(dirname(dataDir), { only: true });
    cleanups.push(() => makeWritable(dirname(dataDir), { only: true }));
    const database = await openDatabase({ kind: 'pglite', dataDir });
    expect(existsSync(lockFileOf(dataDir))).toBe(true);
    await database.close();
    expect(existsSync(lockFileOf(dataDir))).toBe(false);
  });

  it('lets one opener of a directory in, refuses the second until the first closes', async () => {
    const dataDir = tempDataDir();
    const first = await openDatabase({ kind: 'pglite', dataDir });
    cleanups.push(() => first.close());
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(DatabaseInUseError);
    await first.close();
    cleanups.pop();
    const second = await openDatabase({ kind: 'pglite', dataDir });
    await second.close();
  });
});

describe('the embedded database directory deleted under a running bot', () => {
  it('fails every query as unavailable, fails the check, and reports the storage gone', async () => {
    const dataDir = tempDataDir();
    const database: Database = await openDatabase({ kind: 'pglite', dataDir });
    cleanups.push(() => database.close().catch(() => undefined));
    await database.prisma.$executeRawUnsafe('CREATE TABLE moves (n integer)');
    await database.prisma.$executeRawUnsafe('INSERT INTO moves VALUES (1)');
    await expect(database.check()).resolves.toBeUndefined();
    expect(database.storagePresent()).toBe(true);

    rmSync(dataDir, { recursive: true, force: true });

    expect(database.storagePresent()).toBe(false);
    await expect(database.check()).rejects.toSatisfy(isDatabaseUnavailable);
    await expect(database.prisma.$executeRawUnsafe('INSERT INTO moves VALUES (2)')).rejects.toSatisfy(isDatabaseUnavailable);
    await expect(database.prisma.$queryRawUnsafe('SELECT n FROM moves')).rejects.toSatisfy(isDatabaseUnavailable);
    await expect(database.prisma.$transaction([database.prisma.$executeRawUnsafe('INSERT INTO moves VALUES (3)')])).rejects.toSatisfy(isDatabaseUnavailable);
  });
});
