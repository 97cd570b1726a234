import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'esbuild';

const NAMESPACE = 'lazy-chunk';

/**
 * One chunk for the shell instead of two dozen. esbuild puts a module in a chunk of its own for
 * every different set of entry points (the entry and each `import()`ed module) that reach it, so
 * the modules of the shell (header, footer, theme, Emotion, react-router), each used by the entry
 * and by a different subset of pages and lazy parts, were spread over ~25 small files: each
 * gzipped alone, they cost ~5 KB more than together, a quarter of the first-load allowance
 * (docs/performance.md, docs/decisions/ on the first-load budget).
 *
 * Every lazily loaded module of the site (page modules: `shellImport`; the rest: a proxy that
 * re-exports the module) also imports the shell's root module, which the entry always loads
 * first anyway. Then every shell module is reached by every entry point alike, and esbuild
 * emits it in one shared chunk. Nothing runs twice: the proxy imports the module itself, never a
 * copy, and the shell is already evaluated when a lazy chunk arrives.
 */
export function shellChunk(shellModule: string, siteDirs: readonly string[]): Plugin {
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
        // A suffix names a view of the module (build/clientPageModules.ts), kept through the proxy.
        return { path: resolved.path, suffix: resolved.suffix, namespace: NAMESPACE };
      });
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        const target = JSON.stringify(args.path + args.suffix);
        const defaultExport = /^export default\b/m.test(source) ? `export { default } from ${target};\n` : '';
        return {
          contents: `import ${JSON.stringify(shellModule)};\nexport * from ${target};\n${defaultExport}`,
          loader: 'ts',
          resolveDir: path.dirname(args.path),
        };
      });
    },
  };
}

/** The line a page module's browser view adds (build/clientPageModules.ts) for the same reason. */
export const shellImport = (shellModule: string) => `import ${JSON.stringify(shellModule)};\n`;
