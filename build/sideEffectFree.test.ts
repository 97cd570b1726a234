import { expect, test } from 'vitest';
import { buildFixture, fixtureProject } from '../tests/support/fixtureBuild.ts';
import { sideEffectFree } from './sideEffectFree.ts';

// As `@emotion/react` imports `hoist-non-react-statics`: a CommonJS package whose package.json
// says nothing of side effects, imported by a module for a function the site never calls.
const SITE = {
  'node_modules/hoist/package.json': JSON.stringify({ name: 'hoist', main: 'index.js' }),
  'node_modules/hoist/index.js': "module.exports = function hoist() { return 'HOIST_MARK'; };",
  'node_modules/other/package.json': JSON.stringify({ name: 'other', main: 'index.js' }),
  'node_modules/other/index.js': "module.exports = function other() { return 'OTHER_MARK'; };",
  'theme.ts': [
    "import hoist from 'hoist';",
    "import other from 'other';",
    'export const withTheme = () => [hoist(), other()];',
    "export const theme = 'THEME_MARK';",
  ].join('\n'),
  'entry.ts': "import { theme } from './theme.ts';\nexport const used = theme;",
  'calls.ts': "import { withTheme } from './theme.ts';\nexport const used = withTheme();",
};

const marks = (outputs: ReadonlyMap<string, string>) => {
  const text = [...outputs.values()].join('\n');
  return ['HOIST_MARK', 'OTHER_MARK', 'THEME_MARK'].filter((mark) => text.includes(mark));
};

test('a listed package that nothing calls is left out of the bundle; one not listed stays', async () => {
  const root = await fixtureProject(SITE);
  expect(marks((await buildFixture(root, 'entry.ts', [])).outputs)).toEqual(['HOIST_MARK', 'OTHER_MARK', 'THEME_MARK']);
  expect(marks((await buildFixture(root, 'entry.ts', [sideEffectFree(['hoist'])])).outputs)).toEqual(['OTHER_MARK', 'THEME_MARK']);
});

test('a listed package that is called stays in the bundle', async () => {
  const root = await fixtureProject(SITE);
  expect(marks((await buildFixture(root, 'calls.ts', [sideEffectFree(['hoist'])])).outputs)).toEqual(['HOIST_MARK', 'OTHER_MARK']);
});
