import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The machine has two cores; the property test and the e2e games are CPU-bound.
    pool: 'forks',
    // The default report, plus one line naming the tests that were skipped and why.
    reporters: ['default', './test/support/skipped-tests-reporter.ts'],
  },
});
