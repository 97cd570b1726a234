import { globSync } from 'node:fs';
import { expect, test } from 'vitest';
import { ROOT_DIR } from '../../server/platform/paths.ts';
import { ALL_TESTS, BROWSER_TESTS, INTEGRATION_TESTS } from '../support/testProjects.ts';

// The projects of tests/support/testProjects.ts are found by convention (a folder or the
// `.integration.test` suffix): a pattern that matched nothing would be left behind silently, a file
// named outside ALL_TESTS would never run, and a growing list of hand-named paths is the
// registration by hand the convention replaces. (A unit file that needs the build fails by itself:
// withoutBuild.ts.)

const filesOf = (patterns: readonly string[]) => new Set(patterns.flatMap((pattern) => globSync(pattern, { cwd: ROOT_DIR })));

test.each([...INTEGRATION_TESTS, ...BROWSER_TESTS])('%s names a test file that exists', (pattern) => {
  expect(filesOf([pattern]).size).toBeGreaterThan(0);
});

test('every file of the integration and browser projects is a test file the run includes', () => {
  const all = filesOf(ALL_TESTS);
  expect([...filesOf([...INTEGRATION_TESTS, ...BROWSER_TESTS])].filter((file) => !all.has(file))).toEqual([]);
});

test('the integration and browser projects are named by at most four path patterns', () => {
  expect(INTEGRATION_TESTS.length + BROWSER_TESTS.length).toBeLessThanOrEqual(4);
});
