/**
 * How far V8's heap may grow past what is live, following the bot's load (src/heap.ts): the busy
 * spell's growth while the event loop is busy, the usual one and a full collection once it is
 * quiet again.
 */
import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adaptHeapGrowth, BUSY_HEAP_GROWING_PERCENT, fullCollection, HEAP_GROWING_PERCENT, HeapGrowthPolicy, type HeapGrowthChange } from '../../src/heap.js';

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
    expect(calls).toEqual([
      `growth ${BUSY_HEAP_GROWING_PERCENT}`,
      `busy ${BUSY_HEAP_GROWING_PERCENT}`,
      `growth ${HEAP_GROWING_PERCENT}`,
      'collect',
      `quiet ${HEAP_GROWING_PERCENT}`,
    ]);
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
  it('is none in a process started without --expose-gc, and nothing is switched on to get one', () => {
    expect(typeof (globalThis as { gc?: unknown }).gc).toBe('undefined');
    expect(fullCollection()).toBeNull();
    expect(typeof (globalThis as { gc?: unknown }).gc).toBe('undefined');
  });

  it('frees what nothing holds any longer, in a process started with --expose-gc as the bot is', () => {
    const heap = new URL('../../src/heap.ts', import.meta.url).href;
    const script = `
      const { getHeapStatistics } = await import('node:v8');
      const { fullCollection } = await import(${JSON.stringify(heap)});
      const collect = fullCollection();
      let garbage = Array.from({ length: 400 }, (_, index) => Array.from({ length: 10_000 }, () => index));
      const held = getHeapStatistics().used_heap_size;
      garbage = null;
      await new Promise((resolve) => setImmediate(resolve));
      collect();
      console.log(held - getHeapStatistics().used_heap_size);`;
    const freed = Number(execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' }).trim());
    // Some 30 MB of arrays (400 × 10,000 small integers): all of it given back at once.
    expect(freed).toBeGreaterThan(20 * 2 ** 20);
  });
});
