/**
 * How far V8 lets the bot's JavaScript heap grow past what is live before collecting it in full.
 *
 * By default V8 grows a heap by up to four times its live size after each full collection when
 * memory is plentiful, and gives the room back only after the process has been quiet a while.
 * A bot's load comes in bursts (a thousand games starting, an evening's rush), and each burst
 * left the main thread's heap at about 200 MB for 55 MB live, for a minute and more.
 * `npm run bench:load -- --part memory` (1,000 live games on PostgreSQL), 2026-11-26: resident
 * memory 10 s after the burst 340 and 361 MB with 25 % against 495–528 MB (five runs) with V8's
 * default (381 MB with 50 %); the bot's CPU a move at 200 games 11.7, 12.5 and 12.4 ms against
 * 11.3, 11.0 and 12.5 ms (`--part latency --database postgres`, runs alternated): the price is a
 * few per cent of CPU in more frequent full collections.
 */
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
