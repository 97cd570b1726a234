import path from 'node:path';
import { expect, test } from 'vitest';
import { buildFixture, fixtureProject } from '../tests/support/fixtureBuild.ts';
import { clientPageModules } from './clientPageModules.ts';
import { createManifest } from './manifest.ts';
import { shellChunk } from './shellChunk.ts';

// A site in miniature: an entry that loads pages as client/loadPage.ts does, a shell module the
// pages use too, and one page folder whose three files each leave a mark in the output.
const SITE = {
  'client/entry.ts': [
    "import { SHELL } from '../shared/shell.ts';",
    'export const shell = SHELL;',
    'export const loadPage = (page: string) => import(`../shared/pages/${page}/view.tsx`);',
  ].join('\n'),
  'shared/shell.ts': "export const SHELL = 'SHELL_MARK';",
  // Stands for shared/browser/lazyServerRendered.tsx: a part whose preload() loads the component.
  'shared/lazyPart.ts': 'export const lazyServerRendered = (load: () => Promise<unknown>) => Object.assign(() => null, { preload: load });',
  'shared/pages/example/loader.ts': [
    'export interface ExampleData { readonly name: string }',
    "export const loader = (): ExampleData => ({ name: 'LOADER_MARK' });",
  ].join('\n'),
  'shared/pages/example/meta.ts': [
    "import type { ExampleData } from './loader.ts';",
    'export const meta = ({ name }: ExampleData) => ({ title: `META_MARK ${name}` });',
  ].join('\n'),
  'shared/pages/example/view.tsx': [
    "import { SHELL } from '../../shell.ts';",
    "import { BODY } from './body.ts';",
    'export default function ExamplePage() { return `${SHELL} ${BODY}`; }',
  ].join('\n'),
  'shared/pages/example/body.ts': "export const BODY = 'BODY_MARK';",
};

interface PageChunk {
  readonly meta: (data: { name: string }) => { title: string };
  readonly default: { preload(): Promise<() => string> };
}

async function buildSite(files: Record<string, string> = SITE) {
  const root = await fixtureProject(files);
  const entry = path.join(root, 'client/entry.ts');
  const plugins = [shellChunk(entry, [path.join(root, 'shared')]), clientPageModules(entry, path.join(root, 'shared/lazyPart.ts'))];
  return buildFixture(root, 'client/entry.ts', plugins);
}

const withMark = (outputs: ReadonlyMap<string, string>, mark: string) =>
  [...outputs].filter(([, text]) => text.includes(mark)).map(([file]) => file);

test("a page's chunk holds its meta and a lazy part; its view is a chunk of its own, its loader in no chunk", async () => {
  const site = await buildSite();
  const pageChunk = site.outputOf('shared/pages/example/view.tsx');
  expect(withMark(site.outputs, 'META_MARK')).toEqual([pageChunk]);
  const [bodyChunk, ...more] = withMark(site.outputs, 'BODY_MARK');
  expect(more).toEqual([]);
  expect(bodyChunk).not.toBe(pageChunk);
  expect(site.metafile.outputs[pageChunk]?.imports).toContainEqual({ path: bodyChunk, kind: 'dynamic-import' });
  expect(withMark(site.outputs, 'LOADER_MARK')).toEqual([]);
});

test("the page chunk, run, gives the page's meta and a part whose preload() brings the view", async () => {
  const site = await buildSite();
  const entry = await site.importOutput<{ loadPage(page: string): Promise<PageChunk> }>(site.outputOf('client/entry.ts'));
  const page = await entry.loadPage('example');
  expect(page.meta({ name: 'Пример' })).toEqual({ title: 'META_MARK Пример' });
  const View = await page.default.preload();
  expect(View()).toBe('SHELL_MARK BODY_MARK');
});

test('the page and its body share the shell with the entry instead of a chunk of their own', async () => {
  const site = await buildSite();
  // One copy of the shell, in the chunk the entry imports (build/shellChunk.ts).
  const [shellChunkFile, ...copies] = withMark(site.outputs, 'SHELL_MARK');
  expect(copies).toEqual([]);
  for (const output of [site.outputOf('client/entry.ts'), site.outputOf('shared/pages/example/view.tsx')]) {
    expect(site.metafile.outputs[output]?.imports).toContainEqual({ path: shellChunkFile, kind: 'import-statement' });
  }
});

test('a page folder without its meta is a build error naming the file', async () => {
  const { 'shared/pages/example/meta.ts': _meta, ...withoutMeta } = SITE;
  await expect(buildSite(withoutMeta)).rejects.toThrow(/meta\.ts/);
});

test("the manifest gives a page the page chunk and the chunks it imports, never the body's", async () => {
  const site = await buildSite();
  const manifest = createManifest(site.metafile, 'out', '/assets', 'client/entry.ts');
  const url = (output: string) => `/assets/${path.basename(output)}`;
  const pageChunk = site.outputOf('shared/pages/example/view.tsx');
  const [shell] = withMark(site.outputs, 'SHELL_MARK');
  const [body] = withMark(site.outputs, 'BODY_MARK');
  expect(manifest.pages.example).toEqual(expect.arrayContaining([url(pageChunk), url(shell ?? '')]));
  expect(manifest.pages.example).not.toContain(url(body ?? ''));
});
