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
 * default (381 MB with 50 %). So the heap may grow only 25 % past what is live, but not while the
 * bot is busy: at 25 % a busy bot collected its whole heap about once a second, and the marking
 * took V8's helper threads a third of the bot's CPU. While the event loop is busy more than half
 * the time the heap may grow 100 % (a full collection a quarter as often); once it is quiet again
 * the bot returns to 25 % and collects at once, so the room a busy spell took is given back within
 * seconds, not whenever V8 would next collect (`adaptHeapGrowth`). Measured again on 2026-12-04
 * (docs/performance.md, "Tuning"): 1,000 live games 289 MB with this policy against 369–421
 * without it, the Docker image's flags in both. The young generation's size is
 * fixed as the process starts, so its bound is a flag in the Docker image's NODE_OPTIONS
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
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';

/** The heap may grow to this many per cent above what the last full collection left live. */
export const HEAP_GROWING_PERCENT = 25;

/** The same while the event loop is busy (see the top of this file and `HeapGrowthPolicy`). */
export const BUSY_HEAP_GROWING_PERCENT = 100;

/**
 * Sets how far past what is live the heap may grow, for this process (V8's flags are per process,
 * so the worker threads too). V8 reads it at every full collection, so it holds from the next one on.
 * Only the main thread calls it (`adaptHeapGrowth`, from src/main.ts): no two threads race for it.
 */
export function setHeapGrowth(percent: number): void {
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}

/** Applies `HEAP_GROWING_PERCENT`, before any load. */
export function limitHeapGrowth(): void {
  setHeapGrowth(HEAP_GROWING_PERCENT);
}

/** Over how many seconds of the event loop's use the policy judges (one sample a second). */
const JUDGED_SAMPLES = 3;
/** Busy from this share of the time the event loop is running, on average over the judged seconds. */
const BUSY_UTILIZATION = 0.5;
/** Quiet again under this share: the gap between the two keeps a load near either from flapping. */
const QUIET_UTILIZATION = 0.25;

/** What the policy asks for after a sample: the busy spell's growth, or the usual one and a collection. */
export type HeapGrowthChange = 'busy' | 'quiet';

/**
 * When the heap may grow `BUSY_HEAP_GROWING_PERCENT` and when `HEAP_GROWING_PERCENT`, from the event
 * loop's utilization (the share of each second it spent running rather than waiting): busy once
 * the average of the last `JUDGED_SAMPLES` seconds reaches `BUSY_UTILIZATION`, quiet again once it
 * falls under `QUIET_UTILIZATION`. The event loop's, not the process's CPU: it is the thread that
 * answers clicks, and a busy one means the bot is doing a great deal of work, whatever the machine.
 */
export class HeapGrowthPolicy {
  #busy = false;
  readonly #recent: number[] = [];

  get busy(): boolean {
    return this.#busy;
  }

  /** One second's utilization, 0 to 1; a change to make, or null. */
  observe(utilization: number): HeapGrowthChange | null {
    this.#recent.push(utilization);
    if (this.#recent.length > JUDGED_SAMPLES) this.#recent.shift();
    if (this.#recent.length < JUDGED_SAMPLES) return null;
    const average = this.#recent.reduce((sum, value) => sum + value, 0) / this.#recent.length;
    if (!this.#busy && average >= BUSY_UTILIZATION) {
      this.#busy = true;
      return 'busy';
    }
    if (this.#busy && average < QUIET_UTILIZATION) {
      this.#busy = false;
      return 'quiet';
    }
    return null;
  }
}

/**
 * A full collection of this thread's heap, or null where node was not started with `--expose-gc`
 * (the Docker image, `npm start` and the load bench give it; no flag is switched at run time to
 * get one). The "last resort" flavour is the collection V8 makes before it gives up for want
 * of memory: it collects until nothing more is freed and shrinks the young generation back to
 * 1 MB too (seen on Node 24). V8 before 12 (Node 20) takes no options: given them, its `gc`
 * collected nothing, so it gets none and makes a full collection of the old generation.
 */
export function fullCollection(gc = (globalThis as { gc?: Gc }).gc): (() => void) | null {
  if (typeof gc !== 'function') return null;
  return v8TakesGcOptions() ? () => gc({ type: 'major', flavor: 'last-resort' }) : () => gc();
}

type Gc = (options?: { type: 'major'; flavor: 'last-resort' }) => void;

const v8TakesGcOptions = () => Number(process.versions.v8.split('.')[0]) >= 12;

export interface HeapGrowthDependencies {
  /** The event loop's utilization since the last call (the first call: since it started). */
  utilization(): number;
  setGrowth(percent: number): void;
  /** A full collection, so that the usual growth holds at once rather than from V8's next one; null: none (no `--expose-gc`). */
  collect: (() => void) | null;
  /** Told of every change: busy or quiet now, the growth now in force, and on quiet the collection's pause. */
  changed(change: { busy: boolean; percent: number; collectionMs?: number }): void;
  everyMs: number;
}

/** The event loop's utilization since the call before, from perf_hooks. */
function eventLoopUtilization(): () => number {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const since = performance.eventLoopUtilization(now, last);
    last = now;
    return since.utilization;
  };
}

/**
 * Applies `HeapGrowthPolicy` every second until stopped: the busy growth while the event loop is
 * busy; back to the usual one, and a full collection, once it is quiet (a pause of some tens of ms
 * with a thousand games, once at the end of each busy spell). Never keeps the process alive.
 */
export function adaptHeapGrowth(dependencies: Partial<HeapGrowthDependencies> = {}): { stop(): void } {
  const { utilization = eventLoopUtilization(), setGrowth = setHeapGrowth, collect = fullCollection(), changed = () => {}, everyMs = 1_000 } = dependencies;
  const policy = new HeapGrowthPolicy();
  const timer = setInterval(() => {
    const change = policy.observe(utilization());
    if (change === 'busy') {
      setGrowth(BUSY_HEAP_GROWING_PERCENT);
      changed({ busy: true, percent: BUSY_HEAP_GROWING_PERCENT });
    }
    if (change === 'quiet') {
      setGrowth(HEAP_GROWING_PERCENT);
      const started = performance.now();
      collect?.();
      changed({ busy: false, percent: HEAP_GROWING_PERCENT, collectionMs: Math.round(performance.now() - started) });
    }
  }, everyMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      if (policy.busy) setGrowth(HEAP_GROWING_PERCENT);
    },
  };
}

/**
 * How often the C allocator's free pages are given back. Under load at 200 games a trim gives
 * back 30–50 MB gathered since the one before and runs 60–200 ms on libuv's thread pool, off the
 * event loop; what it gives back is taken again at a few MB a second, page by page. Its cost
 * there, counted in the bot: 52 ms of CPU a trim and some 8,700 more page faults every 10 s,
 * under 1 % of the bot's CPU. `npm run bench:load -- --part memory`, 2026-11-26: 292 MB (median
 * of three runs) 10 s after a move in each of 1,000 games, against 316 without; 2026-12-04, the
 * rest of this file's tuning on in both: 237 MB against 289 (docs/performance.md).
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
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { trim?: unknown }).trim === 'function' &&
    typeof (value as { supported?: unknown }).supported === 'boolean'
  );
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
      trim()
        .catch(() => false)
        .finally(schedule);
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
