import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { shellImport } from './shellChunk.ts';

/** A page's route module (`shared/pages/<page>/route.tsx`), the unit of the per-page chunks. */
const PAGE_MODULE = /[\\/]shared[\\/]pages[\\/][^\\/]+[\\/]route\.tsx$/;
/** The suffix under which the real module is loaded behind its browser view. */
const VIEW_SUFFIX = '?view';

/**
 * The browser's view of every page module: only what the browser calls (the component and
 * `meta`), never the `loader`. Loaders run on the server alone (the browser gets their result
 * from the data endpoint, `shared/routes/pageModule.ts`), but a dynamic `import()` keeps every
 * export of a module, so without this each page chunk carried its loader and everything only
 * the loader uses: the content validation (superstruct) and the page's block schemas. With the
 * loader unreferenced, esbuild drops it and, as `shared/` is declared free of side effects in
 * package.json, the modules only it imported (docs/decisions/ on the first-load budget).
 *
 * The view also imports the shell's root module, see build/shellChunk.ts. The server bundle does
 * not use this plugin: it imports the modules whole.
 */
export function clientPageModules(shellModule: string): Plugin {
  return {
    name: 'client-page-modules',
    setup(build) {
      build.onLoad({ filter: PAGE_MODULE }, async (args) => {
        if (args.suffix === VIEW_SUFFIX) return undefined;
        const source = await readFile(args.path, 'utf8');
        const exported = ['default', ...(/^export (?:async )?(?:function|const) meta\b/m.test(source) ? ['meta'] : [])];
        return {
          contents: `${shellImport(shellModule)}export { ${exported.join(', ')} } from './route.tsx${VIEW_SUFFIX}';\n`,
          loader: 'ts',
          resolveDir: path.dirname(args.path),
        };
      });
      build.onResolve({ filter: /[\\/]route\.tsx\?view$/ }, (args) => ({
        path: path.resolve(args.resolveDir, args.path.slice(0, -VIEW_SUFFIX.length)),
        suffix: VIEW_SUFFIX,
      }));
    },
  };
}
