import path from 'node:path';
import type { Plugin } from 'esbuild';
import { shellImport } from './shellChunk.ts';

/** A page's view (`shared/pages/<page>/view.tsx`): what `client/loadPage.ts` imports for a page. */
const PAGE_VIEW = /[\\/]shared[\\/]pages[\\/][^\\/]+[\\/]view\.tsx$/;
/** The view itself, as the page's body imports it: esbuild tells modules apart by path and suffix. */
const BODY_SUFFIX = '?body';
const BODY = /[\\/]view\.tsx\?body$/;

/**
 * The browser splits every page in two chunks. The page's own chunk, which the document
 * preloads, holds its `meta.ts` (the head must match the server's at hydration) and a
 * server-rendered lazy part (`shared/browser/lazyServerRendered.tsx`) standing for the body; the
 * body, the page's `view.tsx` and everything it imports, is a chunk of its own that hydration
 * asks for as soon as the page chunk is there. The server's HTML is the whole page either way
 * and stays on screen while the body's chunk arrives, so the body's JavaScript is no part of
 * what the first view waits for: the first-load budget is the framework floor + 20 KB of the
 * site's own code (docs/decisions/014). A client-side navigation waits for both chunks before it
 * shows the page (`client/entry.tsx`).
 *
 * So in the browser build a page's `view.tsx`, the module `client/loadPage.ts` imports, is
 * answered with the page's chunk, made of the page folder's files by their names alone; the
 * view's own source is loaded under the `?body` suffix. The `loader.ts` next to them is never
 * part of it: the browser gets the loader's result from the data endpoint.
 *
 * The page chunk also imports the browser entry, see build/shellChunk.ts. The server bundle does
 * not use this plugin: it imports the three files, and renders the same Suspense boundary around
 * the body (`server/features/pages/ssr/serverRoutes.ts`).
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
