/**
 * How far V8's heap may grow past what is live, following the bot's load (src/heap.ts): the busy
 * spell's growth while the event loop is busy, the usual one and a full collection once it is
 * quiet again.
 */
import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCanvas } from 'canvas';
import { adaptHeapGrowth, BUSY_HEAP_GROWING_PERCENT, fullCollection, HEAP_GROWING_PERCENT, HeapGrowthPolicy, youngCollection, type HeapGrowthChange } from '../../src/heap.js';
import { pixelBytesCopied, pixelsOf } from '../../src/render/png.js';

/** The changes the policy asks for, one entry a second of `utilizations`. */
function changesFor(utilizations: number[]): (HeapGrowthChange | null)[] {
  const policy = new HeapGrowthPolicy();
  return utilizations.map((utilization) => policy.observe(utilization));
}

describe('when the heap may grow further', () => {
  it('is busy once the event loop has run half of three seconds, and quiet once under a quarter', () => {
    expect(changesFor([0.6, 0.6, 0.6, 0.6, 0.1, 0.1, 0.1])).toEqual([null, null, 'busy', null, null, null, 'quiet']);
  });

  it('is not moved by a second or two of another load', () => {
    // A burst of two seconds in a quiet bot: the three-second average stays under a half.
    expect(changesFor([0.05, 0.9, 0.5, 0.05, 0.05, 0.05])).not.toContain('busy');
    // A lull of one second in a busy one: the average stays above a quarter.
    expect(changesFor([0.7, 0.7, 0.7, 0.0, 0.7, 0.7])).toEqual([null, null, 'busy', null, null, null]);
  });

  it('stays as it is between a quarter and a half, whichever it was', () => {
    expect(changesFor([0.4, 0.4, 0.4, 0.4, 0.4])).not.toContain('busy');
    const changes = changesFor([0.8, 0.8, 0.8, 0.4, 0.3, 0.45, 0.35, 0.4, 0.3]);
    expect(changes.filter((change) => change !== null)).toEqual(['busy']);
  });
});

describe('the bot adapts its heap growth', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sets the busy growth while busy, then the usual growth and a collection, in that order', () => {
    vi.useFakeTimers();
    const load = [0.9, 0.9, 0.9, 0.9, 0.9, 0.1, 0.1, 0.1, 0.1];
    const calls: string[] = [];
    const adapting = adaptHeapGrowth({
      utilization: () => load.shift() ?? 0,
      setGrowth: (percent) => calls.push(`growth ${percent}`),
      collect: () => calls.push('collect'),
      changed: ({ busy, percent }) => calls.push(`${busy ? 'busy' : 'quiet'} ${percent}`),
      everyMs: 1_000,
    });
    vi.advanceTimersByTime(9_000);
    adapting.stop();
    expect(calls).toEqual([`growth ${BUSY_HEAP_GROWING_PERCENT}`, `busy ${BUSY_HEAP_GROWING_PERCENT}`, `growth ${HEAP_GROWING_PERCENT}`, 'collect', `quiet ${HEAP_GROWING_PERCENT}`]);
  });

  it('puts the usual growth back when stopped while busy, and does nothing more after', () => {
    vi.useFakeTimers();
    const growths: number[] = [];
    const adapting = adaptHeapGrowth({ utilization: () => 1, setGrowth: (percent) => growths.push(percent), collect: () => {}, everyMs: 1_000 });
    vi.advanceTimersByTime(3_000);
    adapting.stop();
    vi.advanceTimersByTime(10_000);
    expect(growths).toEqual([BUSY_HEAP_GROWING_PERCENT, HEAP_GROWING_PERCENT]);
  });
});

describe('the collection made when the bot is quiet again', () => {
  it('frees what nothing holds any longer, without node started with --expose-gc', async () => {
    expect(typeof (globalThis as { gc?: unknown }).gc).toBe('undefined');
    const collect = fullCollection();
    let garbage: number[][] | null = Array.from({ length: 400 }, (_, index) => Array.from({ length: 10_000 }, () => index));
    const held = getHeapStatistics().used_heap_size;
    expect(garbage.length).toBe(400);
    garbage = null;
    // A weak reference made in this job lives to its end: look after the next turn of the loop.
    await new Promise((resolve) => setImmediate(resolve));
    collect();
    // Some 30 MB of arrays (400 × 10,000 small integers): all of it given back at once.
    expect(held - getHeapStatistics().used_heap_size).toBeGreaterThan(20 * 2 ** 20);
    // And the flag is off again: no `gc` leaks into new contexts or this one.
    expect(typeof (globalThis as { gc?: unknown }).gc).toBe('undefined');
  });
});

describe("a drawing thread's collection of its pixel copies (src/ai/worker.ts)", () => {
  it('counts every byte of pixels copied out of a canvas', () => {
    const before = pixelBytesCopied();
    pixelsOf(createCanvas(300, 200));
    pixelsOf(createCanvas(10, 10));
    expect(pixelBytesCopied() - before).toBe((300 * 200 + 10 * 10) * 4);
  });

  it('empties the young generation with a young collection, without node started with --expose-gc', async () => {
    const collect = youngCollection();
    const youngUsed = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')!.space_used_size;
    let garbage: number[][] | null = Array.from({ length: 200 }, (_, index) => [index, index + 1, index + 2]);
    expect(garbage.length).toBe(200);
    garbage = null;
    await new Promise((resolve) => setImmediate(resolve));
    collect();
    const afterFirst = youngUsed();
    // Young garbage made since (some 100 KB of small arrays), then collected again: gone.
    for (let round = 0; round < 2000; round++) garbage = [[round, round], [round]];
    expect(youngUsed() - afterFirst).toBeGreaterThan(50 * 1024);
    garbage = null;
    collect();
    expect(youngUsed()).toBeLessThan(afterFirst + 50 * 1024);
    expect(typeof (globalThis as { gc?: unknown }).gc).toBe('undefined');
  });
});
