/**
 * The bot's worker threads (piscina): the computer players' thinking and every picture it sends
 * run here, never on the bot's event loop, so that a `hard` decision or a board being drawn in
 * one game never delays the answer to a click in another.
 */
import { availableParallelism } from 'node:os';
// node-canvas loaded in this (main) thread too, not only in the workers that draw: otherwise its
// native library is unloaded when the last worker that loaded it ends, and the process crashes
// (SIGSEGV) as a worker stops or the bot exits. Loaded here, it stays for the process's life.
import 'canvas';
import { Piscina } from 'piscina';
import { workerEntry } from '../worker-entry.js';
import type { Action, ChainState, GameView } from '../engine/index.js';
import type { AnimationFrame } from '../render/animation.js';
import type { BoardOptions, BoardView } from '../render/index.js';
import type { ChooseOptions, Suggestion } from './index.js';
import type { Task } from './worker.js';

export interface WorkerPool {
  choose(view: GameView, options: ChooseOptions): Promise<Action | null>;
  /** What the hard player would do, and why in one line (the hints). */
  suggest(view: GameView, seed: number): Promise<Suggestion | null>;
  /** The end-of-game animation (src/render/animation.ts), encoded in a worker. */
  animate(frames: AnimationFrame[], chains: Pick<ChainState, 'name'>[]): Promise<Buffer>;
  /** The board picture (src/render/board.ts), drawn and encoded in a worker. */
  board(view: BoardView, options?: BoardOptions): Promise<Buffer>;
  /** The end-of-game net worth chart (src/render/netWorthChart.ts). */
  netWorthChart(view: GameView): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * Each worker's JavaScript heap, bounded: a decision or a picture needs a few MB, and without a
 * bound each thread's heap grows with the garbage of thousands of boards before it collects.
 * The young generation is small because a board's pixel copies (a few hundred KB a band, in
 * buffers outside the heap) are freed only when a scavenge finds them dead, and a board makes
 * little garbage on the heap itself: with 8 MB, some forty boards' copies waited in each thread
 * (27 MB in a heaptrack run). `npm run bench:load -- --part memory`, 2026-11-26, alternated:
 * 343 and 337 MB with 2 MB against 363 and 354 MB with 8.
 */
const WORKER_HEAP = { maxYoungGenerationSizeMb: 2, maxOldGenerationSizeMb: 96 };

export function createWorkerPool(options: { threads?: number } = {}): WorkerPool {
  const filename = workerEntry(import.meta.url, 'worker');
  // Two threads at least, even on two cores: a board must not wait behind a long decision.
  const threads = options.threads ?? Math.max(2, Math.min(4, availableParallelism() - 1));
  const pool = new Piscina<Task, Action | null | Suggestion | Uint8Array>({ filename, minThreads: 1, maxThreads: threads, idleTimeout: 60_000, resourceLimits: WORKER_HEAP });
  return {
    choose: (view, chosen) => pool.run({ kind: 'choose', view, options: chosen }) as Promise<Action | null>,
    suggest: (view, seed) => pool.run({ kind: 'suggest', view, seed }) as Promise<Suggestion | null>,
    animate: async (frames, chains) => asBuffer(await pool.run({ kind: 'animate', frames, chains })),
    board: async (view, drawn = {}) => asBuffer(await pool.run({ kind: 'board', view: boardViewOf(view), options: drawn })),
    netWorthChart: async (view) => asBuffer(await pool.run({ kind: 'netWorthChart', view })),
    close: () => pool.destroy(),
  };
}

/**
 * Only what the board shows goes to the worker, not the whole view: the net-worth history alone,
 * cloned into the worker for every board, grows all game long. Picked here rather than in
 * src/render so that this thread never loads the renderer and its fonts.
 */
function boardViewOf({ board, chains, lastPlacedTile, turn, bagSize, phase, result }: BoardView): BoardView {
  return { board, chains, lastPlacedTile, turn, bagSize, phase, result };
}

/** A picture's bytes as the worker moved them here, seen as a Buffer without a copy. */
function asBuffer(bytes: unknown): Buffer {
  const picture = bytes as Uint8Array;
  return Buffer.from(picture.buffer, picture.byteOffset, picture.byteLength);
}
