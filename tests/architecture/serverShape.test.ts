import { expect, test } from 'vitest';
import { importGraph } from '../support/importGraph.ts';

// The shape of server/ (docs/decisions/042-features-over-a-platform.md): the composition root
// (server/index.ts, server/app.ts) over features (server/features/<name>/) over a platform
// (server/platform/). The platform imports no feature, so what every feature stands on never
// changes with one of them; a feature uses another only through the small interface that feature
// exports from its `index.ts`, so its insides can move without the others knowing. Tests may
// reach into any file: they assemble what they test.

const FEATURES = 'server/features/';
const PLATFORM = 'server/platform/';

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** The feature a file belongs to (`pages` for any file under server/features/pages/), if any. */
function featureOf(file: string): string | undefined {
  return file.startsWith(FEATURES) ? file.slice(FEATURES.length).split('/')[0] : undefined;
}

/** Every import that breaks the shape, as `file → target (why)`. */
export function shapeBreaks(graph: ReadonlyMap<string, readonly string[]>): string[] {
  return [...graph].flatMap(([file, targets]) => {
    if (isTest(file)) return [];
    return targets.flatMap((target) => {
      if (file.startsWith(PLATFORM) && target.startsWith(FEATURES)) return [`${file} → ${target} (the platform imports no feature)`];
      const intoRoot = target === 'server/index.ts' || target === 'server/app.ts';
      if (intoRoot && file !== 'server/index.ts' && file.startsWith('server/'))
        return [`${file} → ${target} (nothing below imports the composition root)`];
      const from = featureOf(file);
      const to = featureOf(target);
      if (from === undefined || to === undefined || from === to) return [];
      return target === `${FEATURES}${to}/index.ts` ? [] : [`${file} → ${target} (another feature only through its index.ts)`];
    });
  });
}

test('the platform imports no feature, and a feature uses another only through its index.ts', async () => {
  const graph = await importGraph();
  expect(shapeBreaks(graph)).toEqual([]);
  // The rule sees real imports: features do stand on the platform, and the root mounts features.
  const serverImports = [...graph].filter(([file]) => file.startsWith(FEATURES)).flatMap(([, targets]) => targets);
  expect(serverImports.some((target) => target.startsWith(PLATFORM))).toBe(true);
  expect(graph.get('server/app.ts')?.some((target) => /^server\/features\/\w+\/index\.ts$/.test(target))).toBe(true);
});

test('each feature mounts its routes through one exported function of its index.ts', async () => {
  const graph = await importGraph();
  const features = new Set([...graph.keys()].map(featureOf).filter((name) => name !== undefined));
  expect([...features].sort()).toEqual(['feeds', 'images', 'leads', 'monitoring', 'pages', 'preview', 'revalidation']);
  for (const name of features) expect(graph.has(`${FEATURES}${name}/index.ts`), name).toBe(true);
});

test('an import into another feature’s insides or from the platform into a feature is reported; a test file is let through', () => {
  const graph = new Map([
    ['server/platform/http/x.ts', ['server/features/pages/index.ts']],
    ['server/features/revalidation/a.ts', ['server/features/pages/ssr/pageHandler.tsx', 'server/features/pages/index.ts']],
    ['server/features/pages/ssr/b.ts', ['server/features/pages/routing/c.ts', 'server/platform/http/y.ts']],
    ['server/features/leads/z.test.ts', ['server/features/pages/ssr/pageHandler.tsx']],
    ['server/platform/http/w.ts', ['server/app.ts']],
  ]);
  expect(shapeBreaks(graph)).toEqual([
    'server/platform/http/x.ts → server/features/pages/index.ts (the platform imports no feature)',
    'server/features/revalidation/a.ts → server/features/pages/ssr/pageHandler.tsx (another feature only through its index.ts)',
    'server/platform/http/w.ts → server/app.ts (nothing below imports the composition root)',
  ]);
});
