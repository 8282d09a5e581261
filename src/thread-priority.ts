/**
 * Background threads yield the cores to the event loop. The bot's threads share a few cores
 * with each other (and, on a small server, with the database): when a click arrives while a
 * board is being drawn, the scheduler should run the thread that answers the click first. A
 * thread's own nice value does that on Linux, where each thread is scheduled on its own
 * (`setpriority` of a thread's id changes that thread alone); elsewhere this does nothing.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** How far below the event loop a background thread runs: on a core both want, about a third of its share (Linux's weights: 335 against 1024). */
export const BACKGROUND_NICE = 5;

/** The calling thread's own id (Linux: /proc/thread-self is "<pid>/task/<tid>"), or null where there is none to read. */
export function thisThreadId(): number | null {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    return Number.isInteger(threadId) && threadId > 0 ? threadId : null;
  } catch {
    return null;
  }
}

/**
 * Lowers the calling thread's priority to `nice` (only lowering is allowed without privileges).
 * Returns whether it could: false off Linux, or where /proc is not mounted.
 */
export function lowerThisThreadsPriority(nice = BACKGROUND_NICE): boolean {
  if (process.platform !== 'linux') return false;
  const threadId = thisThreadId();
  if (threadId === null) return false;
  try {
    setPriority(threadId, nice);
    return true;
  } catch {
    return false;
  }
}
