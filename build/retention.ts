import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { array, type Infer, is, number, string, type } from 'superstruct';

/**
 * How many builds' browser assets stay in `dist/client/assets`: the current one and the four
 * before it. A tab of an older build keeps loading its chunks until its hourly build check (§7)
 * sees the new id and its next navigation loads the new build whole (§4), so the window that
 * matters is the deploys made within about an hour; five covers a busy release day. A chunk that
 * is gone anyway is handled in the browser by the guarded reload (§8).
 */
export const RETAINED_BUILDS = 5;

/** A build: its id, when it was made (ms since the epoch), its files (relative to the assets directory, `/` separators). */
const BuildRecord = type({ id: string(), timestamp: number(), files: array(string()) });
type BuildRecord = Infer<typeof BuildRecord>;

/**
 * Records the build that just finished in `recordFile` (newest first, one entry per build id),
 * keeps the newest `keep` builds and deletes every file in `assetsDir` that none of them lists.
 */
export async function retainBuilds(options: {
  readonly assetsDir: string;
  readonly recordFile: string;
  readonly current: BuildRecord;
  readonly keep?: number;
}): Promise<{ kept: BuildRecord[]; removed: string[] }> {
  const keep = Math.max(1, options.keep ?? RETAINED_BUILDS);
  const previous = (await readRecords(options.recordFile)).filter((record) => record.id !== options.current.id);
  const kept = [options.current, ...previous.sort((a, b) => b.timestamp - a.timestamp)].slice(0, keep);

  const wanted = new Set(kept.flatMap((record) => record.files));
  const present = await listFiles(options.assetsDir);
  const removed = present.filter((file) => !wanted.has(file));
  await Promise.all(removed.map((file) => rm(path.join(options.assetsDir, file), { force: true })));

  const temporary = `${options.recordFile}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(kept, null, 2)}\n`);
  await rename(temporary, options.recordFile);
  return { kept, removed };
}

async function readRecords(file: string): Promise<BuildRecord[]> {
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    return Array.isArray(parsed) ? parsed.filter((record) => is(record, BuildRecord)) : [];
  } catch {
    return []; // none yet, or damaged: only the current build is kept, safe, merely less generous
  }
}

async function listFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  } catch {
    return [];
  }
}

/** The files of one esbuild run that live under `assetsDir` (metafile output keys are relative to `root`). */
export function assetFilesOf(outputs: Readonly<Record<string, unknown>>, root: string, assetsDir: string): string[] {
  return Object.keys(outputs)
    .map((file) => path.relative(assetsDir, path.resolve(root, file)))
    .filter((file) => file !== '' && !file.startsWith('..') && !path.isAbsolute(file))
    .map((file) => file.split(path.sep).join('/'));
}
