import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import { expect, test } from 'vitest';
import { PATHS } from '../server/platform/paths.ts';
import type { ClientManifest } from './manifest.ts';
import { renameMetafile, shortenHashes } from './shortHashes.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (contents: Uint8Array) => new TextDecoder().decode(contents);
const sha10 = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 10);

test("esbuild's 8-character names become 10 hex digits of the content's SHA-256, and every reference follows", () => {
  const chunk = 'export const a=1;\n//# sourceMappingURL=chunk-AAAA1111.js.map\n';
  const entry =
    'import{a}from"./chunk-AAAA1111.js";import("./chunk-AAAA1111.js");\n/*! For license information please see entry-BBBB2222.js.LEGAL.txt */\n//# sourceMappingURL=entry-BBBB2222.js.map\n';
  const { files, renamed } = shortenHashes([
    { path: '/d/assets/chunk-AAAA1111.js', contents: bytes(chunk) },
    { path: '/d/assets/chunk-AAAA1111.js.map', contents: bytes('{"version":3,"sources":["../a.ts"]}') },
    { path: '/d/assets/entry-BBBB2222.js', contents: bytes(entry) },
    { path: '/d/assets/entry-BBBB2222.js.LEGAL.txt', contents: bytes('MIT') },
  ]);
  const chunkName = `chunk-${sha10(chunk)}`;
  const entryName = `entry-${sha10(entry)}`;
  expect(files.map((file) => file.path)).toEqual([
    `/d/assets/${chunkName}.js`,
    `/d/assets/${chunkName}.js.map`,
    `/d/assets/${entryName}.js`,
    `/d/assets/${entryName}.js.LEGAL.txt`,
  ]);
  expect(text(files[0]!.contents)).toBe(`export const a=1;\n//# sourceMappingURL=${chunkName}.js.map\n`);
  expect(text(files[2]!.contents)).toBe(
    `import{a}from"./${chunkName}.js";import("./${chunkName}.js");\n/*! For license information please see ${entryName}.js.LEGAL.txt */\n//# sourceMappingURL=${entryName}.js.map\n`,
  );
  expect(renamed.get('/d/assets/entry-BBBB2222.js')).toBe(`/d/assets/${entryName}.js`);

  const metafile = {
    inputs: {},
    outputs: {
      'assets/entry-BBBB2222.js': {
        bytes: 1,
        inputs: {},
        exports: [],
        entryPoint: 'client/entry.tsx',
        imports: [{ path: 'assets/chunk-AAAA1111.js', kind: 'import-statement' }],
      },
      'assets/chunk-AAAA1111.js': { bytes: 1, inputs: {}, exports: [], imports: [] },
    },
  } satisfies Metafile;
  const outputs = renameMetafile(metafile, renamed, '/d').outputs;
  expect(Object.keys(outputs)).toEqual([`assets/${entryName}.js`, `assets/${chunkName}.js`]);
  expect(outputs[`assets/${entryName}.js`]!.imports[0]!.path).toBe(`assets/${chunkName}.js`);
});

test('the built JavaScript is named with 10-character hashes, and the manifest, imports, maps and compressed copies agree', () => {
  const manifest = JSON.parse(readFileSync(PATHS.manifest, 'utf8')) as ClientManifest;
  const urls = new Set([manifest.entry, ...manifest.entryImports, ...Object.values(manifest.pages).flat()]);
  expect(urls.size).toBeGreaterThan(5);
  const files = new Set(readdirSync(PATHS.assets));
  for (const url of urls) {
    const name = url.replace(/^\/assets\//, '');
    expect(name).toMatch(/^(entry|chunk)-[0-9a-f]{10}\.js$/);
    for (const sibling of ['', '.map', '.br', '.gz']) expect(files.has(`${name}${sibling}`), `${name}${sibling}`).toBe(true);
    const code = readFileSync(path.join(PATHS.assets, name), 'utf8');
    expect(code).toContain(`//# sourceMappingURL=${name}.map`);
    // Every file a chunk imports, statically or lazily, exists under its new name.
    for (const [, imported] of code.matchAll(/"\.\/([\w-]+\.js)"/g)) {
      expect(imported).toMatch(/^(entry|chunk)-[0-9a-f]{10}\.js$/);
      expect(existsSync(path.join(PATHS.assets, imported!)), imported).toBe(true);
    }
  }
});
