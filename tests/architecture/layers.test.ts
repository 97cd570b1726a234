import { expect, test } from 'vitest';
import { importGraph } from '../support/importGraph.ts';

// The layers of the tree, lowest first: `shared/` (what both sides run: the content's shapes, the
// routes, the pages), then `client/` (the browser's entry) and `server/`, each of which builds on
// `shared/` alone; `build/` bundles them and reads none of them; `scripts/` and `tests/` stand
// outside and may use anything. Inside `shared/`, the pages are the top: each page's folder is
// reached from the route table by name (build/clientPageModules.ts, server/features/pages/ssr/serverRoutes.ts),
// and the content's model knows nothing of how it is shown. An import the other way ties a lower
// layer to a higher one: a value import can pull server code into the browser bundle, and even a
// type-only one makes the lower layer change with the higher. Test files may cross (they
// assemble the real app from test support).

interface Rule {
  /** The folder a module lives in. */
  readonly from: string;
  /** Folders it must not import from. */
  readonly not: readonly string[];
  /** Where that folder sits, for the message. */
  readonly why: string;
}

const OUTSIDE = ['scripts/', 'tests/'];
const RULES: readonly Rule[] = [
  { from: 'shared/', not: ['server/', 'client/', 'build/', ...OUTSIDE], why: 'shared/ is the lowest layer' },
  { from: 'client/', not: ['server/', 'build/', ...OUTSIDE], why: 'the browser builds on shared/ alone' },
  { from: 'server/', not: ['client/', ...OUTSIDE], why: 'the server builds on shared/ (and the build manifest’s format)' },
  { from: 'build/', not: ['server/', 'client/', 'shared/', ...OUTSIDE], why: 'the build reads no site code' },
  {
    from: 'shared/content/',
    not: ['shared/pages/', 'shared/layout/', 'shared/blocks/', 'shared/ui/', 'shared/app/', 'shared/forms/'],
    why: 'the content model is below its presentation',
  },
  ...['shared/', 'client/', 'server/'].map((from) => ({ from, not: ['shared/pages/'], why: 'the pages are the top of shared/' })),
];

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** Every import from a lower layer to a higher one, as `file → target (why)`. */
function wrongWayImports(graph: ReadonlyMap<string, readonly string[]>): string[] {
  return [...graph].flatMap(([file, targets]) =>
    isTest(file)
      ? []
      : targets.flatMap((target) =>
          RULES.filter(
            (rule) =>
              file.startsWith(rule.from) &&
              rule.not.some((folder) => target.startsWith(folder)) &&
              // A page's folder may import its own and other pages' modules.
              !(rule.not.includes('shared/pages/') && file.startsWith('shared/pages/')),
          ).map((rule) => `${file} → ${target} (${rule.why})`),
        ),
  );
}

test('no module imports from a higher layer than its own', async () => {
  const graph = await importGraph();
  expect(wrongWayImports(graph)).toEqual([]);
  // The rules see real imports: the layers do build on one another.
  const imports = [...graph.values()].flat();
  expect(imports.some((target) => target.startsWith('shared/'))).toBe(true);
});

test('an import the wrong way is reported, a test file is let through', () => {
  const graph = new Map([
    ['shared/content/contentApi.ts', ['server/platform/content/client/documentSchemas.ts', 'shared/content/records.ts']],
    ['server/features/pages/ssr/bootScript.ts', ['client/freshness/timings.ts']],
    ['server/platform/content/client/serviceTree.ts', ['shared/pages/service/serviceTrail.ts']],
    ['shared/pages/service/loader.ts', ['shared/pages/service/meta.ts', 'shared/content/contentApi.ts']],
    ['server/app.test.ts', ['tests/support/testApp.ts']],
  ]);
  expect(wrongWayImports(graph)).toEqual([
    'shared/content/contentApi.ts → server/platform/content/client/documentSchemas.ts (shared/ is the lowest layer)',
    'server/features/pages/ssr/bootScript.ts → client/freshness/timings.ts (the server builds on shared/ (and the build manifest’s format))',
    'server/platform/content/client/serviceTree.ts → shared/pages/service/serviceTrail.ts (the pages are the top of shared/)',
  ]);
});
