import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The integration and browser tests run against the real production build; the browser
    // tests share one Chromium and one server of it, started when the first of them asks.
    globalSetup: ['tests/support/buildOnce.ts', 'tests/support/sharedBrowserAndSite.ts'],
    setupFiles: ['tests/support/failOnConsoleError.ts'],
    include: [
      'server/**/*.test.{ts,tsx}',
      'shared/**/*.test.{ts,tsx}',
      'client/**/*.test.{ts,tsx}',
      'build/**/*.test.ts',
      'scripts/**/*.test.ts',
      'tests/**/*.test.ts',
    ],
    // The JSON report feeds the one-line summary `.ci/run` prints.
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Worker threads rather than child processes: each test file still gets a fresh worker and
    // module graph, but a thread starts in a fraction of a process's time. On a 2-core machine the
    // files under server/ took 157 s in threads against 192-204 s in forks (2026-11-27).
    pool: 'threads',
  },
});
