import path from 'node:path';
import type { Plugin } from 'esbuild';

const NAMESPACE = 'lazy-chunk';

/**
 * One chunk for everything the first load needs instead of two dozen. esbuild gives a module a
 * chunk of its own for every different set of entry points that reach it, so the shell's modules,
 * each used by the entry and by a different subset of lazy parts, were ~25 small files costing
 * ~5 KB more gzipped alone than together (docs/decisions/014). So every lazily loaded module of
 * the site (page chunks: `shellImport`; the rest: a proxy re-exporting it) also imports the
 * entry, which is loaded first anyway: then all the entry reaches is reached by every entry point
 * alike and esbuild emits it as one shared chunk. Nothing runs twice: the proxy imports the
 * module itself. It re-exports `default` whether or not the module has one: esbuild drops the
 * re-export of a TypeScript file's missing name silently (it could have been a type).
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
