import { expect, test } from 'vitest';
import { importGraph } from '../support/importGraph.ts';

// The layers of the tree, lowest first: `shared/` (what both sides run: the content's shapes, the
// routes, the pages), then `client/` (the browser's entry) and `server/`, each of which builds on
// `shared/` alone; `build/` bundles them and reads none of them; `scripts/` and `tests/` stand
// outside and may use anything. Inside `shared/`, the folders stand on floors (`SHARED_FLOORS`):
// the app shell on top, the small browser helpers at the ground. An import the other way ties a
// lower layer to a higher one: a value import can pull server code into the browser bundle, and
// even a type-only one makes the lower layer change with the higher. Test files may cross (they
// assemble the real app from test support).

/**
 * The floors of `shared/`, top first; a folder imports only folders on the floors below its own
 * (none beside it). On top the app shell (root layout, document head, error page, the route
 * objects): nothing below imports it. Each page's folder is reached from the route table by name
 * (build/clientPageModules.ts, server/features/pages/ssr/serverRoutes.ts), never imported. Below the pages the
 * layout, then the page contract (`page-kit/`: a page module's shape, the loaders' context and
 * guards, the root data), blocks, forms and UI; the content's model knows nothing of how it is
 * shown. At the ground the small browser helpers (idle, next paint, anchors, tap replay, lazy
 * parts), the formats and the goals: they import no other folder of `shared/`, so every floor may
 * use them.
 */
const SHARED_FLOORS: readonly (readonly string[])[] = [
  ['app'],
  ['pages'],
  ['maps'],
  ['layout'],
  ['page-kit'],
  ['blocks'],
  ['forms'],
  ['ui'],
  ['seo', 'vitals', 'preview'],
  ['routes'],
  ['content', 'theme'],
  ['browser', 'format', 'text', 'analytics'],
];

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
  ...SHARED_FLOORS.flatMap((floor, level) =>
    floor.map((folder) => ({
      from: `shared/${folder}/`,
      not: SHARED_FLOORS.slice(0, level + 1)
        .flat()
        .filter((other) => other !== folder)
        .map((other) => `shared/${other}/`),
      why: `shared/${folder}/ stands on floor ${SHARED_FLOORS.length - level} of shared/ (1 = the ground)`,
    })),
  ),
  ...['shared/', 'client/', 'server/'].map((from) => ({
    from,
    not: ['shared/pages/'],
    why: 'a page is reached from the route table by name',
  })),
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
    ['shared/browser/anchors.ts', ['shared/app/root.tsx', 'shared/text/trim.ts']],
    ['shared/ui/Dialog.tsx', ['shared/browser/afterNextPaint.ts', 'shared/layout/AppState.tsx']],
    ['shared/content/records.ts', ['shared/theme/theme.ts', 'shared/text/trim.ts']],
  ]);
  expect(wrongWayImports(graph)).toEqual([
    'shared/content/contentApi.ts → server/platform/content/client/documentSchemas.ts (shared/ is the lowest layer)',
    'server/features/pages/ssr/bootScript.ts → client/freshness/timings.ts (the server builds on shared/ (and the build manifest’s format))',
    'server/platform/content/client/serviceTree.ts → shared/pages/service/serviceTrail.ts (a page is reached from the route table by name)',
    'shared/browser/anchors.ts → shared/app/root.tsx (shared/browser/ stands on floor 1 of shared/ (1 = the ground))',
    'shared/browser/anchors.ts → shared/text/trim.ts (shared/browser/ stands on floor 1 of shared/ (1 = the ground))',
    'shared/ui/Dialog.tsx → shared/layout/AppState.tsx (shared/ui/ stands on floor 5 of shared/ (1 = the ground))',
    'shared/content/records.ts → shared/theme/theme.ts (shared/content/ stands on floor 2 of shared/ (1 = the ground))',
  ]);
});

test('every folder of shared/ stands on a floor', async () => {
  const folders = new Set([...(await importGraph()).keys()].flatMap((file) => /^shared\/([^/]+)\//.exec(file)?.[1] ?? []));
  expect([...folders].filter((folder) => !SHARED_FLOORS.flat().includes(folder))).toEqual([]);
  expect(folders.size).toBeGreaterThan(1);
});
