/**
 * `node scripts/first-load.ts`: first-load JavaScript per page type of the current build, gzip,
 * from `dist/manifest.json` (the entry's static imports plus the page's chunk and its imports) —
 * the same figure the budget test enforces, printed for a quick look after a change.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { ClientManifest } from '../build/manifest.ts';

const dist = path.join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, 'manifest.json'), 'utf8')) as ClientManifest;
const gzipped = (url: string) => gzipSync(readFileSync(path.join(dist, 'client', url))).length;
const shell = manifest.entryImports.reduce((sum, url) => sum + gzipped(url), 0);
console.log(`entry and its imports: ${(shell / 1024).toFixed(1)} KB gzip`);
for (const [page, files] of Object.entries(manifest.pages)) {
  const extra = files.filter((url) => !manifest.entryImports.includes(url)).reduce((sum, url) => sum + gzipped(url), 0);
  console.log(`${page.padEnd(16)} ${((shell + extra) / 1024).toFixed(1)} KB gzip`);
}
