import path from 'node:path';
import type { Plugin } from 'esbuild';

const NAMESPACE = 'lazy-chunk';

/**
 * One chunk for everything the first load needs instead of two dozen. esbuild puts a module in a
 * chunk of its own for every different set of entry points (the entry and each `import()`ed
 * module) that reach it, so the modules of the shell (header, footer, theme, Emotion,
 * react-router, analytics), each used by the entry and by a different subset of pages and lazy
 * parts, were spread over ~25 small files: each gzipped alone, they cost ~5 KB more than
 * together, a quarter of the first-load allowance (docs/decisions/014).
 *
 * Every lazily loaded module of the site (page chunks: `shellImport`; the rest: a proxy that
 * re-exports the module) also imports the browser entry, which is always loaded first anyway.
 * Then every module the entry reaches is reached by every entry point alike, and esbuild emits
 * them all in one shared chunk (the entry file itself becomes a one-line import of it): the
 * framework and the site's shell compressed together, 1.9 KB less than with react-dom in a file
 * of its own. Nothing runs twice: the proxy imports the module itself, never a copy, and the
 * entry has run when a lazy chunk arrives.
 *
 * The proxy re-exports the module's `default` whether or not it has one: for a module without
 * it, esbuild drops the re-export of a TypeScript file's missing name silently (it could have been
 * a type), so the proxy needs nothing from the module's source.
 */
export function shellChunk(entryModule: string, siteDirs: readonly string[]): Plugin {
  return {
    name: 'shell-chunk',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.namespace !== 'file' || args.pluginData === NAMESPACE) return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: NAMESPACE,
        });
        if (resolved.errors.length > 0 || !siteDirs.some((dir) => resolved.path.startsWith(dir + path.sep))) return undefined;
        // A suffix (a page's body, build/clientPageModules.ts) is kept through the proxy.
        return { path: resolved.path, suffix: resolved.suffix, namespace: NAMESPACE };
      });
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
        const target = JSON.stringify(args.path + args.suffix);
        return {
          contents: `import ${JSON.stringify(entryModule)};\nexport * from ${target};\nexport { default } from ${target};\n`,
          loader: 'ts',
          resolveDir: path.dirname(args.path),
        };
      });
    },
  };
}

/** The line a page's chunk starts with (build/clientPageModules.ts), for the same reason. */
export const shellImport = (entryModule: string) => `import ${JSON.stringify(entryModule)};\n`;
