/**
 * `gc` is read by switching a process-wide flag on for a moment (src/heap.ts, `exposedGc`), and
 * the drawing threads start together: threads reading it at once must all get it. Without the
 * retry, this run failed with "gc is not defined" in one thread or another.
 */
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { fullCollection } from '../../src/heap.js';

describe('reading gc from several threads at once', () => {
  it('gives every thread its gc, the main thread included', async () => {
    const workers = Array.from({ length: 4 }, () => new Worker(new URL('./gc-race-worker.mjs', import.meta.url)));
    const errors: unknown[] = [];
    for (const worker of workers) worker.on('error', (error) => errors.push(error));
    const exits = Promise.all(workers.map((worker) => new Promise<number>((resolve) => worker.on('exit', resolve))));
    let misses = 0;
    for (let read = 0; read < 200; read++) {
      try {
        fullCollection();
      } catch {
        misses++;
      }
    }
    expect(await exits).toEqual([0, 0, 0, 0]);
    expect(errors).toEqual([]);
    expect(misses).toBe(0);
  });
});
