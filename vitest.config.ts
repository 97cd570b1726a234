import { defineConfig } from 'vitest/config';
import { ALL_TESTS, BROWSER_TESTS, INTEGRATION_TESTS } from './tests/support/testProjects.ts';

// Three projects, by what a file needs (tests/support/testProjects.ts): `unit` runs without a
// build, so one unit file answers in seconds; `integration` shares one production build;
// `browser` adds one Chromium and one server of that build. `vitest run` runs all three;
// `npx vitest run <file>` runs one file in its own project, building only if that one needs it.
export default defineConfig({
  test: {
    // The JSON report feeds the one-line summary `.ci/run` prints.
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    // Worker threads rather than child processes: each test file still gets a fresh worker and
    // module graph, but a thread starts in a fraction of a process's time. On a 2-core machine the
    // files under server/ took 157 s in threads against 192-204 s in forks (2026-11-27).
    pool: 'threads',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ALL_TESTS,
          exclude: [...INTEGRATION_TESTS, ...BROWSER_TESTS],
          setupFiles: ['tests/support/failOnConsoleError.ts', 'tests/support/withoutBuild.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: INTEGRATION_TESTS,
          globalSetup: ['tests/support/buildOnce.ts'],
          setupFiles: ['tests/support/failOnConsoleError.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: BROWSER_TESTS,
          // The same one build as the integration project's (buildOnce builds once per run).
          globalSetup: ['tests/support/buildOnce.ts', 'tests/support/sharedBrowserAndSite.ts'],
          setupFiles: ['tests/support/failOnConsoleError.ts'],
        },
      },
    ],
  },
});
