/**
 * The last line of defence: an error no handler of ours caught (a library's callback throwing,
 * a promise nobody awaited). Node's default is to end the process, and with it every game it
 * serves; here each is logged and the bot serves on. Only a process that keeps failing, many
 * times in a short while, is taken as one that cannot recover: it stops with a sentence saying
 * why, and its supervisor starts it afresh.
 */
import type { Logger } from './bot/logger.js';

/** Unexpected errors within `WINDOW_MS` after which the process is judged broken. */
const MAX_FAULTS = 20;
const WINDOW_MS = 60_000;

export function watchProcessFaults(log: Logger, stop: (reason: string) => void): void {
  let faults: number[] = [];
  const fault = (kind: string) => (error: unknown) => {
    const now = Date.now();
    faults = [...faults.filter((at) => now - at < WINDOW_MS), now];
    log.error({ err: error, kind }, 'unexpected error outside any handler; serving on');
    if (faults.length >= MAX_FAULTS) {
      faults = [];
      stop(`${MAX_FAULTS} unexpected errors within ${WINDOW_MS / 1000} s: the process is not healthy, so it stops (a supervisor restarts it)`);
    }
  };
  process.on('unhandledRejection', fault('unhandled rejection'));
  process.on('uncaughtException', fault('uncaught exception'));
}
