import path from 'node:path';
import { expect, test } from 'vitest';
import { buildFixture, fixtureProject } from '../tests/support/fixtureBuild.ts';
import { shellChunk } from './shellChunk.ts';

// An entry and two lazily loaded modules that use the shell each in their own way: without the
// plugin esbuild gives every different set of importers a chunk of its own.
const SITE = {
  'client/entry.ts': [
    "import { header } from '../shared/header.ts';",
    'globalThis.entryRuns = (globalThis.entryRuns ?? 0) + 1;',
    'export const shell = header;',
    "export const loadCard = () => import('../shared/card.ts');",
    "export const loadPage = () => import('../shared/page.ts');",
    "export const loadVendor = () => import('../vendor/widget.ts');",
  ].join('\n'),
  'shared/header.ts': "import { link } from './link.ts';\nexport const header = `HEADER_MARK ${link}`;",
  'shared/link.ts': "export const link = 'LINK_MARK';",
  'shared/footer.ts': "import { link } from './link.ts';\nexport const footer = `FOOTER_MARK ${link}`;",
  // Named exports only, and a default export: the proxy re-exports both kinds.
  'shared/card.ts': "import { link } from './link.ts';\nexport const card = `CARD_MARK ${link}`;",
  'shared/page.ts': "import { footer } from './footer.ts';\nexport default function Page() { return footer; }",
  'vendor/widget.ts': "export const widget = 'WIDGET_MARK';",
};

declare global {
  var entryRuns: number | undefined;
}

async function buildSite() {
  const root = await fixtureProject(SITE);
  return buildFixture(root, 'client/entry.ts', [shellChunk(path.join(root, 'client/entry.ts'), [path.join(root, 'shared')])]);
}

const withMark = (outputs: ReadonlyMap<string, string>, mark: string) =>
  [...outputs].filter(([, text]) => text.includes(mark)).map(([file]) => file);

test("everything the entry reaches is one chunk, which every lazy chunk of the site's folders imports", async () => {
  const site = await buildSite();
  const [shell, ...others] = withMark(site.outputs, 'HEADER_MARK');
  expect(others).toEqual([]);
  // The link, used by the entry and by lazy modules alike, sits with the header.
  expect(withMark(site.outputs, 'LINK_MARK')).toEqual([shell]);
  for (const lazy of ['CARD_MARK', 'FOOTER_MARK']) {
    const [chunk] = withMark(site.outputs, lazy);
    expect(chunk).not.toBe(shell);
    expect(site.metafile.outputs[chunk ?? '']?.imports).toContainEqual({ path: shell, kind: 'import-statement' });
  }
  expect(site.metafile.outputs[site.outputOf('client/entry.ts')]?.imports).toContainEqual({ path: shell, kind: 'import-statement' });
});

test('a module outside the listed folders is loaded as esbuild would, without the entry', async () => {
  const site = await buildSite();
  const [widget] = withMark(site.outputs, 'WIDGET_MARK');
  const entryFile = site.outputOf('client/entry.ts');
  expect(site.metafile.outputs[widget ?? '']?.imports.map((imported) => imported.path)).not.toContain(entryFile);
});

test('a lazy module keeps its named and default exports, and the entry runs once', async () => {
  const site = await buildSite();
  globalThis.entryRuns = 0;
  const entry = await site.importOutput<{
    loadCard(): Promise<{ card: string; default?: unknown }>;
    loadPage(): Promise<{ default: () => string }>;
  }>(site.outputOf('client/entry.ts'));
  const card = await entry.loadCard();
  expect(card.card).toBe('CARD_MARK LINK_MARK');
  expect(card.default).toBeUndefined();
  expect((await entry.loadPage()).default()).toBe('FOOTER_MARK LINK_MARK');
  expect(globalThis.entryRuns).toBe(1);
});
