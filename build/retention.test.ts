import { mkdtemp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { assetFilesOf, retainBuilds, RETAINED_BUILDS } from './retention.ts';

async function assetsWith(files: string[]) {
  const root = await mkdtemp(path.join(tmpdir(), 'retention-'));
  const assetsDir = path.join(root, 'assets');
  await mkdir(assetsDir);
  for (const file of files) await writeFile(path.join(assetsDir, file), file);
  return { root, assetsDir, recordFile: path.join(root, 'builds.json') };
}

test('the assets of the last five builds are kept and older builds are pruned', async () => {
  const { assetsDir, recordFile } = await assetsWith([]);
  for (let build = 1; build <= RETAINED_BUILDS + 2; build += 1) {
    const files = [`entry-${build}.js`, `chunk-${build}.js`, `chunk-${build}.js.map`];
    for (const file of files) await writeFile(path.join(assetsDir, file), file);
    await retainBuilds({ assetsDir, recordFile, current: { id: `b${build}`, timestamp: build * 1000, files } });
  }
  const left = (await readdir(assetsDir)).sort();
  expect(left).toEqual([3, 4, 5, 6, 7].flatMap((n) => [`chunk-${n}.js`, `chunk-${n}.js.map`, `entry-${n}.js`]).sort());
  const record = JSON.parse(await readFile(recordFile, 'utf8')) as { id: string }[];
  expect(record.map((entry) => entry.id)).toEqual(['b7', 'b6', 'b5', 'b4', 'b3']);
});

test('files shared by a kept build survive even when an older build also listed them', async () => {
  const { assetsDir, recordFile } = await assetsWith(['shared.js', 'old.js']);
  await retainBuilds({ assetsDir, recordFile, current: { id: 'old', timestamp: 1, files: ['shared.js', 'old.js'] }, keep: 1 });
  await writeFile(path.join(assetsDir, 'new.js'), 'new');
  const result = await retainBuilds({
    assetsDir,
    recordFile,
    current: { id: 'new', timestamp: 2, files: ['shared.js', 'new.js'] },
    keep: 1,
  });
  expect(result.removed).toEqual(['old.js']);
  expect((await readdir(assetsDir)).sort()).toEqual(['new.js', 'shared.js']);
});

test('rebuilding the same build id does not count as another build', async () => {
  const { assetsDir, recordFile } = await assetsWith(['a.js']);
  await retainBuilds({ assetsDir, recordFile, current: { id: 'a', timestamp: 1, files: ['a.js'] }, keep: 2 });
  await writeFile(path.join(assetsDir, 'b.js'), 'b');
  await retainBuilds({ assetsDir, recordFile, current: { id: 'b', timestamp: 2, files: ['b.js'] }, keep: 2 });
  await retainBuilds({ assetsDir, recordFile, current: { id: 'b', timestamp: 3, files: ['b.js'] }, keep: 2 });
  expect((await readdir(assetsDir)).sort()).toEqual(['a.js', 'b.js']);
});

test('a damaged build record keeps only the current build instead of failing the build', async () => {
  const { assetsDir, recordFile } = await assetsWith(['a.js', 'b.js']);
  await writeFile(recordFile, '{not json');
  const result = await retainBuilds({ assetsDir, recordFile, current: { id: 'b', timestamp: 2, files: ['b.js'] } });
  expect(result.removed).toEqual(['a.js']);
});

test('only metafile outputs inside the assets directory belong to the browser build', () => {
  const root = '/project';
  const outputs = { 'dist/client/assets/entry-X.js': {}, 'dist/client/assets/chunk-Y.js.map': {}, 'dist/server/index.js': {} };
  expect(assetFilesOf(outputs, root, '/project/dist/client/assets')).toEqual(['entry-X.js', 'chunk-Y.js.map']);
});
