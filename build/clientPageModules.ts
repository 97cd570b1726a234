import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { metaOnlySource } from './metaOnlySource.ts';
import { shellImport } from './shellChunk.ts';

/** A page's route module (`shared/pages/<page>/route.tsx`), the unit of the per-page chunks. */
const PAGE_MODULE = /[\\/]shared[\\/]pages[\\/][^\\/]+[\\/]route\.tsx$/;
/**
 * The suffixes of a page module's views in the browser: `?meta` is the module cut down to `meta`
 * (build/metaOnlySource.ts), `?body` a module exporting the component alone, and `?page` the
 * module itself behind it. esbuild tells modules apart by path and suffix.
 */
const META_SUFFIX = '?meta';
const BODY_SUFFIX = '?body';
const PAGE_SUFFIX = '?page';
const VIEW = /[\\/]route\.tsx\?(?:meta|body|page)$/;

/**
 * The browser's view of every page module: only what the browser calls, never the `loader`.
 * Loaders run on the server alone (the browser gets their result from the data endpoint,
 * `shared/routes/pageModule.ts`), but a dynamic `import()` keeps every export of a module, so
 * without this each page chunk carried its loader and everything only the loader uses: the
 * content validation (superstruct) and the page's block schemas.
 *
 * The view splits the page in two chunks. The page's own chunk, which the document preloads,
 * holds `meta` (the head must match the server's at hydration) and a server-rendered lazy part
 * (`shared/app/lazyServerRendered.tsx`) standing for the body; the body, the page's components,
 * is a chunk of its own that hydration asks for as soon as the page chunk is there. The server's
 * HTML is the whole page either way and stays on screen while the body's chunk arrives, so the
 * body's JavaScript is no part of what the first view waits for: the first-load budget is the
 * framework floor + 20 KB of the site's own code (docs/decisions/014). A client-side navigation
 * waits for both chunks before it shows the page (`client/entry.tsx`).
 *
 * The view also imports the browser entry, see build/shellChunk.ts. The server bundle does
 * not use this plugin: it imports the modules whole, and renders the same Suspense boundary
 * around the body (`server/ssr/serverRoutes.ts`).
 */
export function clientPageModules(entryModule: string, lazyPartModule: string): Plugin {
  return {
    name: 'client-page-modules',
    setup(build) {
      build.onLoad({ filter: PAGE_MODULE }, async (args) => {
        if (args.suffix === PAGE_SUFFIX) return undefined;
        const source = await readFile(args.path, 'utf8');
        const resolveDir = path.dirname(args.path);
        if (args.suffix === META_SUFFIX) return { contents: metaOnlySource(source, args.path), loader: 'tsx', resolveDir };
        if (args.suffix === BODY_SUFFIX)
          return { contents: `export { default } from './route.tsx${PAGE_SUFFIX}';\n`, loader: 'ts', resolveDir };
        const hasMeta = /^export (?:async )?(?:function|const) meta\b/m.test(source);
        return {
          contents: [
            shellImport(entryModule),
            `import { lazyServerRendered } from ${JSON.stringify(lazyPartModule)};\n`,
            hasMeta ? `export { meta } from './route.tsx${META_SUFFIX}';\n` : '',
            `export default lazyServerRendered(() => import('./route.tsx${BODY_SUFFIX}').then((module) => module.default));\n`,
          ].join(''),
          loader: 'ts',
          resolveDir,
        };
      });
      build.onResolve({ filter: VIEW }, (args) => {
        const suffix = args.path.slice(args.path.lastIndexOf('?'));
        return { path: path.resolve(args.resolveDir, args.path.slice(0, -suffix.length)), suffix };
      });
    },
  };
}
