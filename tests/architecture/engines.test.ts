import { readFileSync } from 'node:fs';
import path from 'node:path';
import { satisfies } from 'semver';
import { expect, test } from 'vitest';
import { ROOT_DIR } from '../../server/platform/paths.ts';

// `npm install` runs on the machine's Node (20 on this team's machines and CI) and so cannot judge
// the packages' `engines` against the Node everything runs on, the `node` package's 24
// (docs/decisions/001): `.npmrc` keeps its warnings quiet, and this test judges them instead.

interface LockedPackage {
  readonly version?: string;
  readonly optional?: boolean;
  readonly engines?: { readonly node?: string } | readonly string[];
}

const lock = JSON.parse(readFileSync(path.join(ROOT_DIR, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockedPackage>;
};

/** The Node the project runs on: the version of the `node` package the lock file installs. */
const projectNode = lock.packages['node_modules/node']?.version;

test('the tests run on the Node the project installs', () => {
  expect(projectNode).toBeDefined();
  expect(process.versions.node).toBe(projectNode);
});

test("every installed package's engines accept the Node the project installs", () => {
  const refused = Object.entries(lock.packages)
    .filter(([, locked]) => !locked.optional)
    .flatMap(([where, locked]) => {
      const range = Array.isArray(locked.engines) ? undefined : (locked.engines as { node?: string } | undefined)?.node;
      return range === undefined || satisfies(projectNode!, range) ? [] : [`${where || 'the project'}: node ${range}`];
    });
  expect(refused).toEqual([]);
});
