/**
 * The drawing threads' caches (src/render/cache.ts): bounded by bytes, giving back what leaves,
 * and, past their budget, still serving the part of a loop of keys that they hold, as a thread
 * meets its games' strips in turn.
 */
import { describe, expect, it } from 'vitest';
import { BoundedCache } from '../../src/render/cache.js';
import { nextInt } from '../../src/engine/rng.js';

/** A cache of values that are their own size, recording what it gives back. */
function cacheOf(budget: number): { cache: BoundedCache<{ key: string; size: number }>; dropped: string[] } {
  const dropped: string[] = [];
  const cache = new BoundedCache<{ key: string; size: number }>(budget, (value) => value.size, (value) => dropped.push(value.key));
  return { cache, dropped };
}

/** Gets `key`, setting it when missed, as the board's renderer does; true on a hit. */
function use(cache: BoundedCache<{ key: string; size: number }>, key: string, size = 100): boolean {
  const found = cache.get(key);
  if (found !== undefined) {
    expect(found.key).toBe(key);
    return true;
  }
  cache.set(key, { key, size });
  return false;
}

describe('a bounded cache', () => {
  it('keeps everything while it fits, and finds every key again', () => {
    const { cache, dropped } = cacheOf(100 * 100);
    for (let key = 0; key < 100; key++) expect(use(cache, `k${key}`)).toBe(false);
    for (let round = 0; round < 3; round++) for (let key = 99; key >= 0; key--) expect(use(cache, `k${key}`)).toBe(true);
    expect(dropped).toEqual([]);
    expect(cache.bytes).toBe(100 * 100);
  });

  it('holds at most its budget, and gives back each value once as it leaves and never one it holds', () => {
    const budget = 50_000;
    const { cache, dropped } = cacheOf(budget);
    const held = new Set<string>();
    let rng = 7;
    const draw = (bound: number) => {
      const next = nextInt(rng, bound);
      rng = next.rng;
      return next.value;
    };
    for (let step = 0; step < 20_000; step++) {
      // Some keys come back often, most rarely; sizes vary up to a fifth of the budget.
      const key = draw(4) === 0 ? `hot${draw(20)}` : `cold${draw(2_000)}`;
      if (!use(cache, key, 1 + draw(budget / 5))) held.add(key);
      for (const gone of dropped.splice(0)) {
        expect(held.has(gone), `${gone} given back while not held`).toBe(true);
        held.delete(gone);
      }
      expect(cache.bytes).toBeLessThanOrEqual(budget + budget / 5);
    }
    // What it says it holds is what it was given and has not given back.
    for (const key of held) expect(cache.get(key)?.key).toBe(key);
  });

  it('past its budget, still finds the share of a loop of keys it holds (least recently used first would find none)', () => {
    // 600 keys in a loop through a cache that holds 400 of them: a thread's games' strips, a
    // board each in turn, when they are more than it keeps. Each is asked for twice in a row, as
    // a name is measured and then drawn: that is one use, not a key coming back.
    const { cache } = cacheOf(400 * 100);
    const keys = Array.from({ length: 600 }, (_, key) => `strip${key}`);
    const useTwice = (key: string) => {
      const hit = use(cache, key);
      expect(cache.get(key)?.key).toBe(key);
      return hit;
    };
    for (let round = 0; round < 3; round++) for (const key of keys) useTwice(key);
    const hits = keys.filter(useTwice).length;
    expect(hits).toBeGreaterThanOrEqual(250);
    expect(cache.bytes).toBeLessThanOrEqual(400 * 100);
  });

  it('keeps what is used often through a long run of keys used once', () => {
    const { cache } = cacheOf(100 * 100);
    const often = Array.from({ length: 20 }, (_, key) => `often${key}`);
    for (const key of often) use(cache, key);
    for (let once = 0; once < 5_000; once++) {
      use(cache, `once${once}`);
      if (once % 150 === 0) for (const key of often) expect(use(cache, key), `${key} after ${once}`).toBe(true);
    }
  });

  it('counts a key set again once, with its new value', () => {
    const { cache, dropped } = cacheOf(1_000);
    cache.set('a', { key: 'a', size: 300 });
    cache.set('a', { key: 'a', size: 500 });
    expect(cache.bytes).toBe(500);
    expect(cache.get('a')?.size).toBe(500);
    expect(dropped).toEqual([]);
  });

  it('keeps an entry larger than its whole budget until the next one comes', () => {
    const { cache, dropped } = cacheOf(1_000);
    use(cache, 'small', 400);
    use(cache, 'huge', 5_000);
    expect(cache.get('huge')?.size).toBe(5_000);
    use(cache, 'next', 400);
    expect(cache.bytes).toBeLessThanOrEqual(1_000);
    expect(dropped).toContain('huge');
  });
});
