import { readdirSync, readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_NICE } from '../src/thread-priority.js';

/** Each thread of this process with its nice value (/proc/self/task/<tid>/stat, field 19). */
function niceByThread(): Map<number, number> {
  const threads = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    threads.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
  }
  return threads;
}

describe.runIf(process.platform === 'linux')('a background thread', () => {
  it('runs below the event loop, and only that thread does', async () => {
    const module = new URL('../src/thread-priority.ts', import.meta.url).href;
    const before = niceByThread();
    const worker = new Worker(
      `const { parentPort } = require('node:worker_threads');
       import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(module)}); }).then((m) => parentPort.postMessage({ lowered: m.lowerThisThreadsPriority(), tid: m.thisThreadId() }));
       setInterval(() => {}, 1000);`,
      { eval: true },
    );
    try {
      const reply = await new Promise<{ lowered: boolean; tid: number }>((resolve, reject) => worker.once('message', resolve).once('error', reject));
      expect(reply.lowered).toBe(true);
      const after = niceByThread();
      expect(after.get(reply.tid)).toBe(BACKGROUND_NICE);
      // The event loop's thread (the process's own id) and every thread there before keep theirs.
      expect(after.get(process.pid)).toBe(before.get(process.pid));
      for (const [tid, nice] of before) if (after.has(tid)) expect(after.get(tid)).toBe(nice);
    } finally {
      await worker.terminate();
    }
  });
});
