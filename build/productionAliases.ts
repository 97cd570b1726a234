import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * esbuild `alias` entries that point react-router at its production build: every condition of
 * its `exports` map resolves `dist/development/`, whose warnings check every navigation and
 * server render. Reached by path, since the map does not list them; an upgrade that moves them
 * fails the build here. Also the framework floor's build (tests/budgets/pageWeight.ts).
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
