import path from 'node:path';
import type { Plugin } from 'esbuild';

/** An import that may name a page's loader: the file `loader.ts`, however the path leads there. */
const LOADER_IMPORT = /(?:^|[\\/])loader\.ts$/;
const PAGE_LOADER = /[\\/]shared[\\/]pages[\\/][^\\/]+[\\/]loader\.ts$/;

/**
 * A page's `loader.ts` runs on the server alone (`shared/page-kit/pageModule.ts`); its view and
 * meta import its data type as a type, which leaves nothing behind. A value import of it in
 * anything the browser loads would bring the loader and its validation (superstruct, the block
 * schemas) into the page's chunks without a word: this makes it a build error that names the
 * importer.
 */
export function serverOnlyLoaders(): Plugin {
  return {
    name: 'server-only-loaders',
    setup(build) {
      build.onResolve({ filter: LOADER_IMPORT }, (args) => {
        if (!PAGE_LOADER.test(path.resolve(args.resolveDir, args.path))) return undefined;
        return {
          errors: [{ text: `${args.path} is a page's server-only loader: ${args.importer} may import its types alone (\`import type\`)` }],
        };
      });
    },
  };
}
