/**
 * The computer players' thinking runs here, in worker threads (piscina), never on the bot's
 * event loop: a `hard` decision in one game never delays a click in another. The end-of-game
 * animation is encoded here too, for the same reason.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { Action, ChainState, GameView } from '../engine/index.js';
import type { AnimationFrame } from '../render/animation.js';
import type { ChooseOptions, Suggestion } from './index.js';
import type { Task } from './worker.js';

export interface AiPool {
  choose(view: GameView, options: ChooseOptions): Promise<Action | null>;
  /** What the hard player would do, and why in one line (the hints). */
  suggest(view: GameView, seed: number): Promise<Suggestion | null>;
  /** The end-of-game animation (src/render/animation.ts), encoded in a worker. */
  animate(frames: AnimationFrame[], chains: Pick<ChainState, 'name'>[]): Promise<Buffer>;
  close(): Promise<void>;
}

export function createAiPool(options: { threads?: number } = {}): AiPool {
  // From the TypeScript sources the worker is loaded through tsx; compiled, as plain JavaScript.
  const fromSources = import.meta.url.endsWith('.ts');
  const filename = fileURLToPath(new URL(fromSources ? './worker-tsx.mjs' : './worker.js', import.meta.url));
  const threads = options.threads ?? Math.max(1, Math.min(4, availableParallelism() - 1));
  const pool = new Piscina<Task, Action | null | Suggestion | Uint8Array>({ filename, minThreads: 1, maxThreads: threads, idleTimeout: 60_000 });
  return {
    choose: (view, chosen) => pool.run({ kind: 'choose', view, options: chosen }) as Promise<Action | null>,
    suggest: (view, seed) => pool.run({ kind: 'suggest', view, seed }) as Promise<Suggestion | null>,
    animate: async (frames, chains) => Buffer.from((await pool.run({ kind: 'animate', frames, chains })) as Uint8Array),
    close: () => pool.destroy(),
  };
}
