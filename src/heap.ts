/**
 * The bot's two heaps and what keeps them small: V8's, whose growth past what is live is
 * limited, and the C allocator's, whose free pages are given back to the system every few
 * seconds.
 *
 * V8: by default it grows a heap by up to four times its live size after each full collection
 * when memory is plentiful, and gives the room back only after the process has been quiet a
 * while. A bot's load comes in bursts (a thousand games starting, an evening's rush), and each
 * burst left the main thread's heap at about 200 MB for 55 MB live, for a minute and more.
 * `npm run bench:load -- --part memory` (1,000 live games on PostgreSQL), 2026-11-26: resident
 * memory 10 s after the burst 340 and 361 MB with 25 % against 495–528 MB (five runs) with V8's
 * default (381 MB with 50 %); the bot's CPU a move at 200 games 11.7, 12.5 and 12.4 ms against
 * 11.3, 11.0 and 12.5 ms (`--part latency --database postgres`, runs alternated): the price is a
 * few per cent of CPU in more frequent full collections. The young generation's size is fixed
 * as the process starts, so its bound is a flag in the Docker image's NODE_OPTIONS
 * (`--max-semi-space-size=8`: on a large machine Node 24's default is eight times that; the
 * Dockerfile says why).
 *
 * The C allocator (glibc's malloc): it returns freed memory to the system only from the top of
 * each of its heaps, so what is freed below a block still in use (a picture's pixel copy, a
 * socket's read buffer, a compressor's state) stays resident. Under load the bot's resident
 * memory grew by that alone, some 0.4 MB a second, while what was allocated stayed flat
 * (README, "Speed and size under load"). glibc's `malloc_trim` gives those pages back; Node never
 * calls it, so the bot does, through the small native package in `native/malloc-trim`.
 */
import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';

/** The heap may grow to this many per cent above what the last full collection left live. */
export const HEAP_GROWING_PERCENT = 25;

/**
 * Applies `HEAP_GROWING_PERCENT` to this process (V8's flags are per process, so the worker
 * threads too). V8 reads it at every full collection, so it holds from the next one on.
 */
export function limitHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

/**
 * How often the C allocator's free pages are given back. Under load at 200 games a trim gives
 * back 30–50 MB gathered since the one before and runs 60–200 ms on libuv's thread pool, off the
 * event loop; what it gives back is taken again at a few MB a second, page by page. Its cost
 * there, counted in the bot: 52 ms of CPU a trim and some 8,700 more page faults every 10 s,
 * under 1 % of the bot's CPU. `npm run bench:load -- --part memory`, 2026-11-26: 292 MB (median
 * of three runs) 10 s after a move in each of 1,000 games, against 316 without.
 */
export const ALLOCATOR_TRIM_MS = 10_000;

/** Gives the C allocator's free pages back to the system; resolves whether any were. */
export type AllocatorTrim = () => Promise<boolean>;

/** Why the C allocator's free pages are not given back, and whether an admin should hear of it. */
export interface NoAllocatorTrim {
  reason: string;
  /** True on Linux, where the bot is meant to run with it: the native package failed to build or load. */
  missed: boolean;
}

/**
 * glibc's `malloc_trim` from `native/malloc-trim`, or why there is none: the package is an
 * optional dependency (it needs a compiler at install, as node-canvas does), and elsewhere than
 * glibc it has nothing to call.
 */
export function loadAllocatorTrim(): { trim: AllocatorTrim } | NoAllocatorTrim {
  let native: unknown;
  try {
    native = createRequire(import.meta.url)('malloc-trim');
  } catch (error) {
    const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { reason: `the malloc-trim package did not load (${why})`, missed: process.platform === 'linux' };
  }
  if (!isMallocTrim(native)) return { reason: 'the malloc-trim package has no trim function', missed: true };
  if (!native.supported) return { reason: 'the C library is not glibc', missed: false };
  return { trim: native.trim };
}

function isMallocTrim(value: unknown): value is { supported: boolean; trim: AllocatorTrim } {
  return typeof value === 'object' && value !== null && typeof (value as { trim?: unknown }).trim === 'function' && typeof (value as { supported?: unknown }).supported === 'boolean';
}

/**
 * Trims every `everyMs` until stopped: one trim at a time (the next is timed from the end of the
 * last, so a slow one never queues others behind it), and never keeping the process alive.
 */
export function trimAllocatorPeriodically(trim: AllocatorTrim, everyMs = ALLOCATOR_TRIM_MS): { stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = (): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      trim().catch(() => false).finally(schedule);
    }, everyMs);
    timer.unref();
  };
  schedule();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
