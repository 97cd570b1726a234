import { expect, test } from 'vitest';
import { buildFixture, fixtureProject } from '../tests/support/fixtureBuild.ts';
import { serverOnlyLoaders } from './serverOnlyLoaders.ts';

const PAGE = {
  'shared/pages/example/loader.ts':
    "export interface ExampleData { readonly name: string }\nexport const loader = (): ExampleData => ({ name: 'LOADER_MARK' });",
  'shared/maps/loader.ts': "export const mapsLoader = 'MAPS_MARK';",
};

test("a page's view that imports its loader's type alone builds, without the loader", async () => {
  const root = await fixtureProject({
    ...PAGE,
    'shared/pages/example/view.tsx': "import type { ExampleData } from './loader.ts';\nexport default (data: ExampleData) => data.name;",
  });
  const site = await buildFixture(root, 'shared/pages/example/view.tsx', [serverOnlyLoaders()]);
  expect([...site.outputs.values()].join('\n')).not.toContain('LOADER_MARK');
});

test("a value import of a page's loader fails the browser build, naming the importer", async () => {
  const root = await fixtureProject({
    ...PAGE,
    'shared/pages/example/view.tsx': "import { loader } from './loader.ts';\nexport default () => loader().name;",
  });
  await expect(buildFixture(root, 'shared/pages/example/view.tsx', [serverOnlyLoaders()])).rejects.toThrow(
    /\.\/loader\.ts is a page's server-only loader: .*shared\/pages\/example\/view\.tsx/,
  );
});

test('a file called loader.ts outside a page folder is no concern of the rule', async () => {
  const root = await fixtureProject({
    ...PAGE,
    'shared/maps/map.ts': "import { mapsLoader } from './loader.ts';\nexport const map = mapsLoader;",
  });
  const site = await buildFixture(root, 'shared/maps/map.ts', [serverOnlyLoaders()]);
  expect([...site.outputs.values()].join('\n')).toContain('MAPS_MARK');
});
