/**
 * The C allocator's free pages given back to the system (src/heap.ts, native/malloc-trim): what
 * glibc keeps resident after a burst is freed, what a trim gives back, and the bot's schedule of
 * trims.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadAllocatorTrim, trimAllocatorPeriodically } from '../../src/heap.js';

const glibc =
  process.platform === 'linux' && Boolean((process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime);

/**
 * A fresh Node process fills 2,000 buffers of 60 KB (below glibc's mmap threshold, so they come
 * from its heap), frees seven in eight of them, then trims: its resident memory (MB) at each step.
 */
function fragmentThenTrim(): { filled: number; freed: number; trimmed: number; released: boolean } {
  const script = `
    const { trim } = require(${JSON.stringify(createRequire(import.meta.url).resolve('malloc-trim'))});
    const rss = () => Number(/VmRSS:\\s+(\\d+)/.exec(require('fs').readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
    (async () => {
      let all = Array.from({ length: 2000 }, () => Buffer.allocUnsafeSlow(60000).fill(1));
      const filled = rss();
      const kept = all.filter((_, i) => i % 8 === 0);
      all = null; gc(); gc();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const freed = rss();
      const released = await trim();
      console.log(JSON.stringify({ filled, freed, trimmed: rss(), released, kept: kept.length }));
    })();`;
  const environment = { ...process.env };
  delete environment.MALLOC_ARENA_MAX;
  return JSON.parse(execFileSync(process.execPath, ['--expose-gc', '-e', script], { env: environment, encoding: 'utf8' })) as ReturnType<
    typeof fragmentThenTrim
  >;
}

describe.runIf(glibc)('malloc_trim on glibc', () => {
  it('is what the bot loads', () => {
    expect(loadAllocatorTrim()).toEqual({ trim: expect.any(Function) });
  });

  it('gives back what glibc keeps resident after most of a burst of buffers is freed', () => {
    const { filled, freed, trimmed, released } = fragmentThenTrim();
    // 105 MB freed between the 15 MB still in use: without a trim it all stays resident...
    expect(freed).toBeGreaterThan(filled - 20);
    // ...and the trim gives most of it back.
    expect(released).toBe(true);
    expect(freed - trimmed).toBeGreaterThan(70);
  });
});

describe('the bot trims on a schedule', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('trims once each interval, timed from the end of the trim before, and stops when told', async () => {
    vi.useFakeTimers();
    let running = 0;
    let overlapped = false;
    const finishes: (() => void)[] = [];
    const trim = vi.fn(
      () =>
        new Promise<boolean>((resolve) => {
          if (running++ > 0) overlapped = true;
          finishes.push(() => {
            running--;
            resolve(true);
          });
        }),
    );
    const schedule = trimAllocatorPeriodically(trim, 1_000);
    await vi.advanceTimersByTimeAsync(999);
    expect(trim).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(trim).toHaveBeenCalledTimes(1);
    // A slow trim: no second one starts while it runs.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(trim).toHaveBeenCalledTimes(1);
    finishes.shift()!();
    await vi.advanceTimersByTimeAsync(999);
    expect(trim).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(trim).toHaveBeenCalledTimes(2);
    finishes.shift()!();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(trim).toHaveBeenCalledTimes(3);
    finishes.shift()!();
    schedule.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(trim).toHaveBeenCalledTimes(3);
    expect(overlapped).toBe(false);
  });

  it('goes on after a trim that fails', async () => {
    vi.useFakeTimers();
    const trim = vi.fn().mockRejectedValueOnce(new Error('no memory')).mockResolvedValue(true);
    const schedule = trimAllocatorPeriodically(trim, 1_000);
    await vi.advanceTimersByTimeAsync(3_000);
    schedule.stop();
    expect(trim).toHaveBeenCalledTimes(3);
  });
});
