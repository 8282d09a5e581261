import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The machine has two cores; the property test and the e2e games are CPU-bound.
    pool: 'forks',
    // One file a core. Vitest's default leaves a core free, which on this two-core machine ran
    // the files one at a time (585 s); most of them wait on bot processes, timers and sockets
    // rather than compute, so two at a time finish the suite in three quarters of that (445 s).
    maxWorkers: '100%',
    // The default report, plus one line naming the tests that were skipped and why.
    reporters: ['default', './test/support/skipped-tests-reporter.ts'],
  },
});
