import type { Plugin } from 'esbuild';

const RESOLVING = 'side-effect-free';

/**
 * Packages the site knows to be free of side effects although their `package.json` does not say
 * so, marked for esbuild's tree shaking. `hoist-non-react-statics` (with `react-is`, 1 KB gzip)
 * is a CommonJS module that `@emotion/react` imports for `withTheme` alone, which the site never
 * uses; as CommonJS it was kept in the first-load JavaScript of every page all the same
 * (docs/decisions/014).
 */
export function sideEffectFree(packages: readonly string[]): Plugin {
  return {
    name: 'side-effect-free',
    setup(build) {
      const names = new Set(packages);
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (!names.has(args.path) || args.pluginData === RESOLVING) return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: RESOLVING,
        });
        if (resolved.errors.length > 0) return undefined;
        return { path: resolved.path, namespace: resolved.namespace, sideEffects: false };
      });
    },
  };
}
