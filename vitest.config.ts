import { defineConfig } from 'vitest/config';

/**
 * The files that start the bot as its own process (`npm start`, the two-machine and sharding
 * tests, a SIGKILL under load): each is a whole machine's worth of processes. They run one at a
 * time, as they did before the rest ran two at a time: with every file two at a time, a start
 * click in the two-machine shard test went unanswered for 15 s once in seven runs, for a reason
 * not found (a failed bot-process test now prints the bot's log: test/install/bot-process.ts).
 */
const botProcessFiles = ['test/install/**/*.test.ts', 'test/e2e/process-crash.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The machine has two cores; the property test and the e2e games are CPU-bound.
    pool: 'forks',
    // The default report, plus one line naming the tests that were skipped and why.
    reporters: ['default', './test/support/skipped-tests-reporter.ts'],
    // One file a core, the bot-process files afterwards one at a time. Vitest's default leaves
    // a core free, which on this two-core machine ran every file one at a time (585 s); most of
    // them wait on the double, timers and sockets more than they compute.
    projects: [
      { extends: true, test: { name: 'in-process', include: ['test/**/*.test.ts'], exclude: botProcessFiles, maxWorkers: '100%', sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'bot-processes', include: botProcessFiles, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
