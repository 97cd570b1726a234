import path from 'node:path';
import type { Plugin } from 'esbuild';
import { shellImport } from './shellChunk.ts';

/** A page's view (`shared/pages/<page>/view.tsx`): what `client/loadPage.ts` imports for a page. */
const PAGE_VIEW = /[\\/]shared[\\/]pages[\\/][^\\/]+[\\/]view\.tsx$/;
/** The view itself, as the page's body imports it: esbuild tells modules apart by path and suffix. */
const BODY_SUFFIX = '?body';
const BODY = /[\\/]view\.tsx\?body$/;

/**
 * The browser splits every page in two chunks (docs/decisions/014). The page's own chunk, which
 * the document preloads, holds its `meta.ts` (the head must match the server's at hydration) and
 * a server-rendered lazy part (`shared/browser/lazyServerRendered.tsx`) standing for the body;
 * the body, `view.tsx` and all it imports, is a chunk hydration asks for once the page chunk is
 * there, while the server's HTML stays on screen: no part of what the first view waits for. A
 * client-side navigation waits for both (`client/entry.tsx`).
 *
 * So a page's `view.tsx`, as `client/loadPage.ts` imports it, is answered with the page chunk,
 * made of the folder's files by name; the view's own source loads under `?body`. `loader.ts` is
 * never part of it (the browser gets its result from the data endpoint). The server bundle
 * imports the three files and renders the same Suspense boundary (`server/features/pages/ssr/serverRoutes.ts`).
 */
export function clientPageModules(entryModule: string, lazyPartModule: string): Plugin {
  return {
    name: 'client-page-modules',
    setup(build) {
      build.onLoad({ filter: PAGE_VIEW }, (args) => {
        if (args.suffix === BODY_SUFFIX) return undefined;
        return {
          contents: [
            shellImport(entryModule),
            `import { lazyServerRendered } from ${JSON.stringify(lazyPartModule)};\n`,
            `export { meta } from './meta.ts';\n`,
            `export default lazyServerRendered(() => import('./view.tsx${BODY_SUFFIX}').then((module) => module.default));\n`,
          ].join(''),
          loader: 'ts',
          resolveDir: path.dirname(args.path),
        };
      });
      build.onResolve({ filter: BODY }, (args) => ({
        path: path.resolve(args.resolveDir, args.path.slice(0, -BODY_SUFFIX.length)),
        suffix: BODY_SUFFIX,
      }));
    },
  };
}
