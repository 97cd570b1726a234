import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Metafile } from 'esbuild';

/** What the server needs from a client build: the entry, and each page's chunks to preload. */
export interface ClientManifest {
  readonly buildId: string;
  /** Milliseconds since the epoch when the build was made. */
  readonly timestamp: number;
  /** Public URL of the browser entry. */
  readonly entry: string;
  /** Every JS file the entry imports statically (transitively), entry included. */
  readonly entryImports: readonly string[];
  /** Page name → every JS file that page's chunk imports statically, chunk included. */
  readonly pages: Readonly<Record<string, readonly string[]>>;
}

/** §9 "Short content hash length 10 characters". */
export const SHORT_HASH_LENGTH = 10;

/** The module of a page's own chunk (build/clientPageModules.ts). */
const PAGE_CHUNK = /^shared\/pages\/([^/]+)\/view\.tsx$/;

/**
 * Builds the manifest from esbuild's metafile. Dynamically imported page chunks are esbuild's
 * implicit entry points, so each has an output with `entryPoint` set; its static `imports` are
 * the shared chunks it needs. The build id is a hash of the output names (which carry content
 * hashes): the same code gives the same id, so a redeploy of it does not reload open tabs.
 */
export function createManifest(metafile: Metafile, outdir: string, publicPrefix: string, entryPoint: string): ClientManifest {
  const outputs = metafile.outputs;
  const toUrl = (file: string) => `${publicPrefix}/${path.relative(outdir, file).split(path.sep).join('/')}`;
  const closure = (file: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const imported of outputs[file]?.imports ?? []) {
      if (imported.kind === 'import-statement' && outputs[imported.path]) closure(imported.path, seen);
    }
    return seen;
  };

  let entry: string | undefined;
  const pages: Record<string, string[]> = {};
  for (const [file, output] of Object.entries(outputs)) {
    if (!file.endsWith('.js')) continue;
    if (output.entryPoint === entryPoint) entry = file;
    const page = output.entryPoint?.match(PAGE_CHUNK)?.[1];
    if (page !== undefined) pages[page] = [...closure(file)].map(toUrl);
  }
  if (entry === undefined) throw new Error(`The metafile has no output for ${entryPoint}`);

  const names = Object.keys(outputs).sort().join('\n');
  return {
    buildId: createHash('sha256').update(names).digest('hex').slice(0, SHORT_HASH_LENGTH),
    timestamp: Date.now(),
    entry: toUrl(entry),
    entryImports: [...closure(entry)].map(toUrl),
    pages,
  };
}
