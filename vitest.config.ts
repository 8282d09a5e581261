import { defineConfig } from 'vitest/config';

/**
 * Two groups of test files, by path:
 * - `processes`: every file under test/install/ or test/process/. These start the bot (or
 *   PostgreSQL clients, proxies, a fresh clone) as processes of their own: `npm start`, two
 *   processes on one database, sharding, a SIGKILL under load. `npm run test:process` runs them
 *   (without test/install/fresh-clone.test.ts, which `npm run test:install` runs), one file at
 *   a time: each is a whole machine's worth of processes (with every file two at a time, a start
 *   click in the two-machine shard test once went unanswered for 15 s; a failed bot-process test
 *   prints the bot's log: test/install/bot-process.ts). A new test that starts a process goes
 *   in one of these two folders, and lands in this group by that alone.
 * - `in-process`: every other test file, the bot and its database inside the test's process.
 *   `npm test` runs them, one file a core, each worker keeping the modules it loaded from one
 *   file to the next (`isolate: false`): loading discord.js, Prisma, canvas and the bot anew for
 *   each of 80 files took 84 s of the workers' time, against 6 to 11 s kept (2026-12-04; the
 *   whole of `npm test` 230 s on a quiet machine). So a test file must leave the process as it
 *   found it: real timers back (`vi.useRealTimers()` after fake ones), no module mocked, no
 *   setting of the process changed for good; what a test opens (a harness, a database) it closes.
 * `.ci/run` runs both, then the fresh clone.
 */
const processFiles = ['test/install/**/*.test.ts', 'test/process/**/*.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The machine has two cores; the property test and the e2e games are CPU-bound.
    pool: 'forks',
    // The default report, plus one line naming the tests that were skipped and why.
    reporters: ['default', './test/support/skipped-tests-reporter.ts'],
    // One file a core. Vitest's default leaves a core free, which on this two-core machine ran
    // every file one at a time (585 s); most of them wait on the double, timers and sockets more
    // than they compute.
    projects: [
      {
        extends: true,
        test: {
          name: 'in-process',
          include: ['test/**/*.test.ts'],
          exclude: processFiles,
          maxWorkers: '100%',
          isolate: false,
          globalSetup: ['./test/support/pglite-setup.ts'],
        },
      },
      { extends: true, test: { name: 'processes', include: processFiles, maxWorkers: 1 } },
    ],
  },
});
