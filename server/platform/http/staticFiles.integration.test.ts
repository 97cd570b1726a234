import fs from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { expect, test, vi } from 'vitest';
import { rawGet } from '../../../tests/support/rawGet.ts';
import { createTestApp, readManifest } from '../../../tests/support/testApp.ts';
import { FONT_FILES, fontUrl } from '../../../shared/theme/fonts.ts';
import { hasExtension } from '../../../shared/text/trim.ts';
import { PATHS } from '../paths.ts';

test('hashed build assets are cached for a year as immutable', async () => {
  const { app } = await createTestApp();
  const response = await request(app).get(readManifest().entry);
  expect(response.status).toBe(200);
  expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(response.headers['content-type']).toContain('javascript');
});

test('build assets go out in the brotli or gzip form the build wrote, byte for byte the file', async () => {
  const { app } = await createTestApp();
  const entry = readManifest().entry;
  const original = await readFile(path.join(PATHS.assets, path.basename(entry)));
  const raw = (accept: string) => rawGet(app, entry, { 'Accept-Encoding': accept });

  const br = await raw('gzip, deflate, br, zstd');
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers.vary).toContain('Accept-Encoding');
  expect(Number(br.headers['content-length'])).toBe(br.body.length);
  expect(brotliDecompressSync(br.body).equals(original)).toBe(true);
  expect(br.headers['content-type']).toContain('javascript');
  expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

  const gz = await raw('gzip');
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gz.body).equals(original)).toBe(true);
  // Brotli at quality 11 is the smaller of the two: the reason it is preferred.
  expect(br.body.length).toBeLessThan(gz.body.length);

  const plain = await raw('identity');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.equals(original)).toBe(true);
});

test('a missing hashed asset is a plain 404, not an HTML page', async () => {
  const { app } = await createTestApp();
  const response = await request(app).get('/assets/chunk-DOESNOTEXIST.js');
  expect(response.status).toBe(404);
  expect(response.text).not.toContain('<!DOCTYPE html><html lang="ru"><head><meta charSet');
});

test('self-hosted fonts, named after their content, are cached for a year as immutable', async () => {
  const { app } = await createTestApp();
  for (const font of FONT_FILES) {
    const response = await request(app).get(fontUrl(font));
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  }
});

test('other public files get a short cache', async () => {
  const { app } = await createTestApp();
  const response = await request(app).get('/favicon.svg');
  expect(response.status).toBe(200);
  expect(response.headers['cache-control']).toBe('public, max-age=3600');
});

test('every file in public/ has an extension (page paths skip the file lookup on that ground)', async () => {
  const files = await readdir(PATHS.public, { recursive: true, withFileTypes: true });
  const withoutExtension = files.filter((entry) => entry.isFile() && !hasExtension(entry.name)).map((entry) => entry.name);
  expect(withoutExtension).toEqual([]);
});

test("only a path under one of public/'s entries, with an extension, costs a file-system lookup", async () => {
  const { app } = await createTestApp();
  const stat = vi.spyOn(fs, 'stat');
  try {
    // Scanners' and floods' paths: an extension, but outside public/ (the /_ipx one is refused by
    // the image service, not looked for on disk first).
    for (const url of ['/wp-login.php', '/.env', '/_ipx/w_640/http:/elsewhere.example/photo.jpg', '/blog/feed.xml.bak']) {
      await request(app).get(url);
    }
    expect(stat).not.toHaveBeenCalled();
    expect((await request(app).get('/favicon.svg')).status).toBe(200);
    expect((await request(app).get(fontUrl(FONT_FILES[0]!))).status).toBe(200);
    expect(stat).toHaveBeenCalledTimes(2);
  } finally {
    stat.mockRestore();
  }
});

test('source maps of the browser bundle are served outside production only', async () => {
  const map = `/assets/${(await readdir(PATHS.assets)).find((name) => name.endsWith('.js.map'))!}`;
  const production = (await createTestApp({ NODE_ENV: 'production' })).app;
  const hidden = await request(production).get(map);
  expect(hidden.status).toBe(404);
  expect(hidden.text).not.toContain('sourcesContent');
  expect((await request(production).get(readManifest().entry)).status).toBe(200);
  const published = await request((await createTestApp()).app).get(map);
  expect(published.status).toBe(200);
  expect(published.text).toContain('sourcesContent');
});
