import { globSync } from 'node:fs';
import { expect, test } from 'vitest';
import { ROOT_DIR } from '../../server/paths.ts';
import { ALL_TESTS, BROWSER_TESTS, INTEGRATION_TESTS } from '../support/testProjects.ts';

// The lists of tests/support/testProjects.ts name files by hand: a pattern left behind by a
// renamed or deleted file would match nothing, silently, and a file named outside ALL_TESTS
// would never run. (A unit file that needs the build fails by itself: withoutBuild.ts.)

const filesOf = (patterns: readonly string[]) => new Set(patterns.flatMap((pattern) => globSync(pattern, { cwd: ROOT_DIR })));

test.each([...INTEGRATION_TESTS, ...BROWSER_TESTS])('%s names a test file that exists', (pattern) => {
  expect(filesOf([pattern]).size).toBeGreaterThan(0);
});

test('every file of the integration and browser projects is a test file the run includes', () => {
  const all = filesOf(ALL_TESTS);
  expect([...filesOf([...INTEGRATION_TESTS, ...BROWSER_TESTS])].filter((file) => !all.has(file))).toEqual([]);
});
