import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { expect, test } from 'vitest';
import type { Express } from 'express';
import { rawGet } from '../../tests/support/rawGet.ts';
import { createTestApp } from '../../tests/support/testApp.ts';

/**
 * The cache is filled after the first response has streamed. HEAD requests never render, so
 * polling with them cannot replace the entry; then the page itself is asked for (bounded).
 */
async function cachedResponse(app: Express, path: string, headers: Record<string, string> = {}) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const probe = await request(app).head(path);
    if (probe.headers['x-cache'] === 'HIT') return request(app).get(path).set(headers);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${path} never came from the page cache`);
}

test('a page rendered once is answered from the cache with the same HTML and headers', async () => {
  const { app } = await createTestApp();
  const first = await request(app).get('/about/');
  expect(first.headers['x-cache']).toBeUndefined();
  const hit = await cachedResponse(app, '/about/');
  expect(hit.status).toBe(200);
  expect(hit.text).toBe(first.text);
  expect(hit.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(hit.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
  expect(hit.headers.link).toBe(first.headers.link);
  expect(hit.headers['x-build-id']).toBe(first.headers['x-build-id']);
  expect(hit.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  expect(hit.headers.etag).toMatch(/^"[\w-]+"$/);
});

test('the CSP of a cached page allows exactly the nonce its inline scripts carry', async () => {
  const { app } = await createTestApp();
  await request(app).get('/contacts/');
  const hit = await cachedResponse(app, '/contacts/');
  const nonce = String(hit.headers['content-security-policy']).match(/'nonce-([^']+)'/)?.[1];
  expect(nonce).toBeTruthy();
  const scriptNonces = [...hit.text.matchAll(/<script(?![^>]*ld\+json)[^>]*nonce="([^"]+)"/g)].map((match) => match[1]);
  expect(scriptNonces.length).toBeGreaterThan(0);
  expect(new Set(scriptNonces)).toEqual(new Set([nonce]));
});

test('a matching If-None-Match gets 304 without a body', async () => {
  const { app } = await createTestApp();
  await request(app).get('/career/');
  const hit = await cachedResponse(app, '/career/');
  const revalidated = await request(app).get('/career/').set('If-None-Match', String(hit.headers.etag));
  expect(revalidated.status).toBe(304);
  expect(revalidated.text).toBe('');
});

test('brotli and gzip bodies are served precompressed and decode to the same HTML', async () => {
  const { app } = await createTestApp();
  await request(app).get('/documents/');
  const plain = await cachedResponse(app, '/documents/', { 'Accept-Encoding': 'identity' });
  const br = await rawGet(app, '/documents/', { 'Accept-Encoding': 'gzip, deflate, br' });
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers.vary).toBe('Accept-Encoding');
  expect(Number(br.headers['content-length'])).toBe(br.body.length);
  expect(brotliDecompressSync(br.body).toString('utf8')).toBe(plain.text);
  const gz = await rawGet(app, '/documents/', { 'Accept-Encoding': 'gzip' });
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gz.body).toString('utf8')).toBe(plain.text);
  const refused = await rawGet(app, '/documents/', { 'Accept-Encoding': 'br;q=0, gzip;q=0' });
  expect(refused.headers['content-encoding']).toBeUndefined();
  expect(refused.body.toString('utf8')).toBe(plain.text);
});

test('tracking parameters share the page\'s entry; other parameters do not', async () => {
  const { app } = await createTestApp();
  await request(app).get('/blog/');
  await cachedResponse(app, '/blog/');
  const withUtm = await request(app).get('/blog/?utm_source=yandex&utm_campaign=autumn&yclid=123');
  expect(withUtm.headers['x-cache']).toBe('HIT');
  const secondPage = await request(app).get('/blog/?page=2');
  expect(secondPage.headers['x-cache']).toBeUndefined();
});

test('server errors, redirects and data requests never come from the cache', async () => {
  const { app } = await createTestApp();
  for (let i = 0; i < 3; i += 1) {
    const redirected = await request(app).get('/about');
    expect(redirected.status).toBe(301);
    expect(redirected.headers['x-cache']).toBeUndefined();
    const data = await request(app).get('/about/?_data=about');
    expect(data.headers['x-cache']).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
});

test('a path asked for twice without a page gets its 404 from the cache, with no validator', async () => {
  const { app } = await createTestApp();
  const first = await request(app).get('/no-such-page/');
  expect(first.status).toBe(404);
  // The first miss only marks the path: a scan of one-off paths never fills the cache.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect((await request(app).head('/no-such-page/')).headers['x-cache']).toBeUndefined();
  const second = await request(app).get('/no-such-page/');
  expect(second.headers['x-cache']).toBeUndefined();
  const hit = await cachedResponse(app, '/no-such-page/');
  expect(hit.status).toBe(404);
  expect(hit.text).toBe(second.text);
  expect(hit.headers['cache-control']).toBe(second.headers['cache-control']);
  expect(hit.headers.etag).toBeUndefined();
  expect(hit.headers.link).toBe('<https://verf.test/no-such-page/>; rel="canonical"');
  const conditional = await request(app).get('/no-such-page/').set('If-None-Match', '*');
  expect(conditional.status).toBe(404);
  expect(conditional.text).toBe(second.text);
});

test('PAGE_CACHE_MAX_MB=0 turns the page cache off', async () => {
  const { app } = await createTestApp({ PAGE_CACHE_MAX_MB: '0' });
  for (let i = 0; i < 3; i += 1) {
    const response = await request(app).get('/about/');
    expect(response.headers['x-cache']).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
});
