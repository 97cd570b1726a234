import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * esbuild `alias` entries that point react-router at its production build.
 *
 * react-router 7 publishes `dist/production/` beside `dist/development/`, but every condition
 * of its `exports` map (`node`, `import`, `module`, `default`) resolves the development one, so
 * both bundles got the build that runs its development warnings (`ENABLE_DEV_WARNINGS = true`:
 * extra checks on every navigation and every server render). The production files are reached by
 * their path, since the `exports` map does not list them; a react-router upgrade that moves them
 * fails the build here instead of silently falling back.
 *
 * Used by the site's build (esbuild.config.ts) and by the framework-floor measurement of the
 * first-load budget (tests/budgets/pageWeight.ts), so the floor is of the same build.
 */
export function productionAliases(): Record<string, string> {
  const packageDir = path.dirname(fileURLToPath(import.meta.resolve('react-router/package.json')));
  const aliases = {
    'react-router': path.join(packageDir, 'dist', 'production', 'index.mjs'),
    'react-router/dom': path.join(packageDir, 'dist', 'production', 'dom-export.mjs'),
  };
  for (const file of Object.values(aliases)) {
    if (!existsSync(file)) throw new Error(`react-router's production build is not at ${file}: check build/productionAliases.ts`);
  }
  return aliases;
}
