/**
 * The deals of a test's games: from a fixed seed, so a whole game is the same in every run, or
 * from `SEED=` when set, to replay one. A failed test prints the seed it dealt from and how to
 * replay it. The simulated players draw from seeds of their own, fixed in each test.
 */
import { relative } from 'node:path';
import { expect, onTestFailed } from 'vitest';

/** The bot's `gameSeed` for this test: the seed, then the next one for each further game started (every harness's default: from 1). */
export function dealsFrom(fixed: number): () => number {
  const seed = process.env.SEED === undefined ? fixed : Number(process.env.SEED);
  if (!Number.isSafeInteger(seed)) throw new Error(`SEED must be an integer, not ${process.env.SEED}`);
  try {
    const { testPath, currentTestName } = expect.getState();
    const name = (currentTestName ?? '')
      .split(' > ')
      .at(-1)!
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    onTestFailed(() => console.error(`dealt from seed ${seed}; replay: SEED=${seed} npx vitest run ${relative(process.cwd(), testPath ?? '')} -t '${name}'`));
  } catch {
    // Called in a hook (a harness shared by a file's tests) or outside vitest: dealt from the seed all the same.
  }
  let next = seed;
  return () => next++;
}
