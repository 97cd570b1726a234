// Which vitest project each test file runs in (vitest.config.ts), by convention: the browser
// project starts Chromium and a production server of the build (`tests/browser/`); the integration
// project reads or starts the production build (`createTestApp` reads its manifest, `startServer`
// runs `dist/server/index.js`): the cross-cutting suites under `tests/` and every file named
// `*.integration.test.ts(x)` beside its source. Every other file is a unit test and runs without a
// build; a unit file that reaches for the build fails with a message naming this convention
// (tests/support/withoutBuild.ts).

/** Every test file of the repository. */
export const ALL_TESTS = [
  'server/**/*.test.{ts,tsx}',
  'shared/**/*.test.{ts,tsx}',
  'client/**/*.test.{ts,tsx}',
  'build/**/*.test.ts',
  'scripts/**/*.test.ts',
  'tests/**/*.test.ts',
];

/** Chromium (and the other engines) against the production build. */
export const BROWSER_TESTS = ['tests/browser/**/*.test.ts'];

/** The production build, read or started: one build shared by the whole run. */
export const INTEGRATION_TESTS = [
  'tests/{faults,forms,fuzz,pages,routing,server,varnish}/**/*.test.ts',
  '{server,shared,client,build,scripts,tests}/**/*.integration.test.{ts,tsx}',
];
