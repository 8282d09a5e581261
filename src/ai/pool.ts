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
import type { Action, ChainState, GameView } from '../engine/index.js';
import type { Locale } from '../i18n/index.js';
import type { AnimationFrame } from '../render/animation.js';
import type { BoardOptions, BoardView } from '../render/index.js';
import { workerEntry } from '../worker-entry.js';
import type { ChooseOptions, Suggestion } from './index.js';
import type { Task } from './worker.js';

export interface WorkerPool {
  choose(view: GameView, options: ChooseOptions): Promise<Action | null>;
  /** What the hard player would do, and why in one line (the hints). */
  suggest(view: GameView, seed: number): Promise<Suggestion | null>;
  /** The end-of-game animation (src/render/animation.ts), encoded in a worker. */
  animate(frames: AnimationFrame[], chains: Pick<ChainState, 'name'>[]): Promise<Buffer>;
  /**
   * The board picture (src/render/board.ts), drawn and encoded in a worker; `gameId` names the
   * game it shows, whose boards are drawn on one thread when it can (see `laneFor`).
   */
  board(view: BoardView, options?: BoardOptions, gameId?: string): Promise<Buffer>;
  /** The end-of-game net worth chart (src/render/netWorthChart.ts), its words in `locale` (English if left out). */
  netWorthChart(view: GameView, locale?: Locale): Promise<Buffer>;
  /** The threads, those running a task, and the tasks waiting for one (the metrics). */
  load(): { threads: number; busy: number; queued: number };
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

/** What is sent to a thread and not yet answered, as `laneFor` weighs it. */
export interface LaneLoad {
  /** Tasks of every kind. */
  inFlight: number;
  /** Of them, those that may take a second or more (a decision, a hint, an animation). */
  long: number;
}

/**
 * The thread a task goes to: a game's board to the thread that drew its last ones (`home`),
 * unless that thread is busy with a long task; anything else to the least loaded thread,
 * preferring one with no long task.
 *
 * Why a board has a home: a thread keeps the encoded strips of the boards it drew, and a game's
 * next board reuses all but the rows that changed (src/render/board.ts), but only if it is drawn
 * where the last one was, before other games' strips push them out of a bounded cache. Sent to
 * whichever thread was free, boards found far fewer of their games' strips: mid-game boards of
 * 200 games, interleaved, cost a thread 6.5 ms each when it draws any half of them against 1.9
 * ms when it draws every board of half the games (`npm run bench render`, its last line).
 */
export function laneFor(lanes: readonly LaneLoad[], home: number | null): number {
  if (home !== null && lanes[home]?.long === 0) return home;
  let best = 0;
  lanes.forEach((lane, index) => {
    const chosen = lanes[best]!;
    if ((lane.long === 0) !== (chosen.long === 0) ? lane.long === 0 : lane.inFlight < chosen.inFlight) best = index;
  });
  return best;
}

/** A game's home thread among `count`: the same for every board of the game (FNV-1a of its id). */
export function homeLane(gameId: string, count: number): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < gameId.length; index++) hash = Math.imul(hash ^ gameId.charCodeAt(index), 0x01000193);
  return (hash >>> 0) % count;
}

export function createWorkerPool(options: { threads?: number } = {}): WorkerPool {
  const filename = workerEntry(import.meta.url, 'worker');
  // Two threads at least, even on two cores: a board must not wait behind a long decision.
  const threads = options.threads ?? Math.max(2, Math.min(4, availableParallelism() - 1));
  // A pool of one thread per lane, so that the bot chooses the thread (piscina's own balancing
  // sends a task to the first free thread, and a game's boards to any of them).
  const lanes = Array.from({ length: threads }, () => ({
    pool: new Piscina<Task, Result>({ filename, minThreads: 1, maxThreads: 1, resourceLimits: WORKER_HEAP }),
    inFlight: 0,
    long: 0,
  }));
  const run = async (task: Task, how: { long: boolean; gameId?: string }): Promise<Result> => {
    const lane = lanes[laneFor(lanes, how.gameId === undefined ? null : homeLane(how.gameId, lanes.length))]!;
    lane.inFlight++;
    if (how.long) lane.long++;
    try {
      return await lane.pool.run(task);
    } finally {
      lane.inFlight--;
      if (how.long) lane.long--;
    }
  };
  return {
    choose: async (view, chosen) => (await run({ kind: 'choose', view, options: chosen }, { long: true })) as Action | null,
    suggest: async (view, seed) => (await run({ kind: 'suggest', view, seed }, { long: true })) as Suggestion | null,
    animate: async (frames, chains) => asBuffer(await run({ kind: 'animate', frames, chains }, { long: true })),
    board: async (view, drawn = {}, gameId) => asBuffer(await run({ kind: 'board', view: boardViewOf(view), options: drawn }, { long: false, gameId })),
    netWorthChart: async (view, locale) => asBuffer(await run({ kind: 'netWorthChart', view, ...(locale ? { locale } : {}) }, { long: false })),
    // One thread a lane: a lane's tasks beyond the one running wait.
    load: () => ({
      threads: lanes.length,
      busy: lanes.filter((lane) => lane.inFlight > 0).length,
      queued: lanes.reduce((sum, lane) => sum + Math.max(0, lane.inFlight - 1), 0),
    }),
    close: async () => {
      await Promise.all(lanes.map((lane) => lane.pool.destroy()));
    },
  };
}

type Result = Action | null | Suggestion | Uint8Array;

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
