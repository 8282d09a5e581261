/**
 * A vitest reporter that adds one line when tests were skipped, saying which and why, so a run
 * without a PostgreSQL server does not pass silently over the tests that need one.
 */
import type { Reporter, TestModule } from 'vitest/node';

export default class SkippedTestsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const skipped = testModules.flatMap((module) => [...module.children.allTests('skipped')].map((test) => test.fullName));
    if (skipped.length === 0) return;
    // The only tests that skip themselves are the ones needing a PostgreSQL server.
    const why = process.env.TEST_DATABASE_URL
      ? 'though TEST_DATABASE_URL is set'
      : 'they need a PostgreSQL server: set TEST_DATABASE_URL=postgresql://user@127.0.0.1:5432/database to run them (CI does)';
    console.log(`\nSkipped ${skipped.length} test${skipped.length === 1 ? '' : 's'}, ${why}:\n${skipped.map((name) => `  - ${name}`).join('\n')}`);
  }
}
