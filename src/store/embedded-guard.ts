/**
 * The embedded database (PGlite) belongs to one process and lives in one directory. Nothing in
 * PGlite itself stops a second process from opening the same directory (both would come online,
 * each with its own copy in memory, and one would lose the other's moves), or notices that the
 * directory was deleted under it (the writes would go to unlinked files and vanish at the next
 * start). This module guards both:
 * - a lock file inside the directory names the process that owns it; a second process refuses
 *   to start, and a lock left by a process that no longer runs (SIGKILL, a crash) is taken over.
 *   (Inside, so that a bot needs to write nothing but its directory. Earlier versions kept it
 *   beside the directory: one there naming a running process refuses the start as well.)
 * - every query first checks that the directory is still the one that was opened, so a deleted
 *   or replaced directory makes writes fail loudly ("unavailable") instead of silently.
 */
import { accessSync, closeSync, constants, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Thrown when another running process owns the embedded database's directory. */
export class DatabaseInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`The embedded database in ${dataDir} is in use by another bot process (pid ${pid}). Stop that process first, or give this one its own DATA_DIR.`);
    this.name = 'DatabaseInUseError';
  }
}

/**
 * Thrown by every query once the directory has gone: its code is one that
 * `isDatabaseUnavailable` recognises, so players are told that nothing was saved.
 */
export class DataDirectoryMissingError extends Error {
  readonly code = 'DATA_DIR_MISSING';
  constructor(readonly dataDir: string) {
    super(`The embedded database's directory ${dataDir} is missing or was replaced; nothing can be saved.`);
    this.name = 'DataDirectoryMissingError';
  }
}

/** Directories this process holds: opening one twice in one process is refused too. */
const heldHere = new Set<string>();

export function lockFileOf(dataDir: string): string {
  return join(resolve(dataDir), 'acquire-bot.lock');
}

/** Where earlier versions kept the lock: beside the directory. */
export function formerLockFileOf(dataDir: string): string {
  return `${resolve(dataDir)}.lock`;
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the directory's lock for this process; returns the function that releases it. The lock
 * file is created exclusively, so of two processes starting at once exactly one wins.
 */
export function lockDataDir(dataDir: string): () => void {
  const path = lockFileOf(dataDir);
  if (heldHere.has(path)) throw new DatabaseInUseError(resolve(dataDir), process.pid);
  // A bot of an earlier version, still running on this directory, holds the lock beside it.
  const former = readOwner(formerLockFileOf(dataDir));
  if (former !== null && former !== process.pid && isAlive(former)) throw new DatabaseInUseError(resolve(dataDir), former);
  // Its owner is gone: cleared where the directory's parent may be written, else left (harmless).
  if (former !== null) {
    try {
      unlinkSync(formerLockFileOf(dataDir));
    } catch {}
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      heldHere.add(path);
      return () => {
        heldHere.delete(path);
        try {
          if (readOwner(path) === process.pid) unlinkSync(path);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(path);
    // A lock naming this very pid is a leftover of an earlier run (a container's pid 1 restarted).
    if (owner !== null && owner !== process.pid && isAlive(owner)) throw new DatabaseInUseError(resolve(dataDir), owner);
    // The owner is gone (or the file is unreadable junk): take the lock over.
    try {
      unlinkSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new Error(`Could not take the lock ${path}: other processes keep taking it.`);
}

function readOwner(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** The directory as it was opened: a deleted or replaced directory no longer matches. */
export interface DirectoryIdentity {
  /** Throws DataDirectoryMissingError when the directory is no longer the one opened. */
  check(): void;
  /** Whether the directory is still the one opened. */
  present(): boolean;
  /** Throws the system's error (EACCES, EPERM for an immutable one, EROFS) when the directory may not be written. */
  checkWritable(): void;
}

export function directoryIdentity(dataDir: string): DirectoryIdentity {
  const opened = statSync(dataDir);
  const present = (): boolean => {
    try {
      const now = statSync(dataDir);
      return now.ino === opened.ino && now.dev === opened.dev;
    } catch {
      return false;
    }
  };
  return {
    present,
    check() {
      if (!present()) throw new DataDirectoryMissingError(resolve(dataDir));
    },
    checkWritable() {
      accessSync(dataDir, constants.W_OK);
    },
  };
}

/**
 * The PGlite instance as the Prisma adapter sees it: every query, script and transaction first
 * checks the directory (a stat, a few microseconds), and a query that finishes after the
 * directory vanished fails too, since what it wrote is already lost.
 */
export function guardQueries<T extends object>(pglite: T, identity: DirectoryIdentity): T {
  return new Proxy(pglite, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      if (property !== 'query' && property !== 'exec' && property !== 'transaction') return value.bind(target);
      return async (...args: unknown[]) => {
        identity.check();
        const result = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        identity.check();
        return result;
      };
    },
  });
}
