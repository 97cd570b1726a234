import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { expect, test, vi } from 'vitest';
import type { RequestListener } from 'node:http';
import { inlineElementsOf } from '../../../../tests/support/inlineElements.ts';
import { rawGet } from '../../../../tests/support/rawGet.ts';
import { createTestApp } from '../../../../tests/support/testApp.ts';
import { PageCache } from './pageCache.ts';

/**
 * The cache is filled after the first response has streamed. HEAD requests never render, so
 * polling with them cannot replace the entry; then the page itself is asked for (bounded).
 */
async function cachedResponse(app: RequestListener, path: string, headers: Record<string, string> = {}) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const probe = await request(app).head(path);
    if (probe.headers['x-cache'] === 'HIT') return request(app).get(path).set(headers);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${path} never came from the page cache`);
}

/** Renders `path` until it is cached, then asks for `variant`, which must be answered from that entry with the same HTML. */
async function expectSameEntry(app: RequestListener, path: string, variant: string) {
  const first = await request(app).get(path);
  const hit = await cachedResponse(app, path);
  const again = await request(app).get(variant);
  expect(again.headers['x-cache']).toBe('HIT');
  expect(hit.text).toBe(first.text);
  expect(again.text).toBe(first.text);
  return { first, hit, again };
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

test('a hit, answered before Express, still has its request id, its access line and the security headers', async () => {
  const { app, logs } = await createTestApp();
  const first = await request(app).get('/contacts/?utm_source=mail');
  const hit = await cachedResponse(app, '/contacts/?utm_source=mail', { 'X-Request-Id': 'lb-77.hit' });
  expect(hit.headers['x-cache']).toBe('HIT');
  expect(hit.headers['x-request-id']).toBe('lb-77.hit');
  for (const name of ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-frame-options']) {
    expect(first.headers[name], name).toBeTruthy();
    expect(hit.headers[name]).toBe(first.headers[name]);
  }
  const line = logs.lines.find((entry) => entry.reqId === 'lb-77.hit');
  expect(line).toMatchObject({ level: 30, req: { method: 'GET', path: '/contacts/' }, res: { statusCode: 200 } });
  expect(typeof line?.responseTime).toBe('number');
  expect(JSON.stringify(logs.lines)).not.toContain('utm_source');
  const junk = await request(app).get('/contacts/').set('X-Request-Id', 'bad id\twith "quotes"');
  expect(junk.headers['x-cache']).toBe('HIT');
  expect(junk.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
});

test('two visitors of a cached page get the same HTML and the same CSP, with no nonce', async () => {
  const { app } = await createTestApp();
  const { first, hit, again } = await expectSameEntry(app, '/contacts/', '/contacts/?from=another-visitor');
  expect(again.headers['content-security-policy']).toBe(hit.headers['content-security-policy']);
  expect(hit.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
  expect(String(hit.headers['content-security-policy'])).not.toContain('nonce-');
  expect(hit.text).not.toContain('nonce=');
});

test('the CSP of a page allows its inline scripts and style elements by the hashes of their text', async () => {
  const { app } = await createTestApp();
  for (const response of [await request(app).get('/request/'), await cachedResponse(app, '/request/')]) {
    const csp = String(response.headers['content-security-policy']);
    const directive = (name: string) =>
      csp
        .split(';')
        .find((part) => part.startsWith(`${name} `))
        ?.split(' ')
        .slice(1) ?? [];
    const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
    const { scripts: inlineScripts, styles } = inlineElementsOf(response.text);
    // The boot script at least; the sheet Emotion wrote and the font faces.
    expect(inlineScripts.length).toBeGreaterThanOrEqual(1);
    expect(styles.length).toBeGreaterThanOrEqual(2);
    expect(directive('script-src')).toContain("'strict-dynamic'");
    expect(
      directive('script-src')
        .filter((source) => source.startsWith("'sha256-"))
        .sort(),
    ).toEqual([...new Set(inlineScripts.map(sha256))].sort());
    for (const style of styles) expect(directive('style-src-elem')).toContain(sha256(style));
    expect(directive('script-src')).not.toContain("'unsafe-inline'");
  }
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

test("a hit's encoding follows Accept-Encoding's q-values and wildcard, brotli whenever it is accepted at all", async () => {
  const { app } = await createTestApp();
  await request(app).get('/services/');
  await cachedResponse(app, '/services/');
  const encodingFor = async (acceptEncoding: string) =>
    (await rawGet(app, '/services/', { 'Accept-Encoding': acceptEncoding })).headers['content-encoding'] ?? 'identity';
  expect(await encodingFor('br;q=0, gzip')).toBe('gzip');
  expect(await encodingFor('gzip;q=1, br;q=0.1')).toBe('br');
  expect(await encodingFor('*')).toBe('br');
  expect(await encodingFor('*;q=0, gzip')).toBe('gzip');
  expect(await encodingFor('GZIP')).toBe('gzip');
  expect(await encodingFor('deflate')).toBe('identity');
});

test('parameters the page does not read share its entry; the ones it reads have their own', async () => {
  const { app } = await createTestApp();
  await expectSameEntry(app, '/blog/', '/blog/?utm_source=yandex&utm_campaign=autumn&yclid=123&fbx_1=2');
  const secondPage = await request(app).get('/blog/?page=2&fbx_1=2');
  expect(secondPage.headers['x-cache']).toBeUndefined();
  await cachedResponse(app, '/blog/?page=2');
  expect((await request(app).get('/blog/?fbx_2=1&page=2')).headers['x-cache']).toBe('HIT');
});

test("the request form's preset service is part of the key, other parameters are not", async () => {
  const { app } = await createTestApp();
  await expectSameEntry(app, '/request/?serviceType=SEO', '/request/?serviceType=%20SEO%20&promo=%3Cb%3Ejunk');
  expect((await request(app).get('/request/?serviceType=Дизайн')).headers['x-cache']).toBeUndefined();
});

test('200 requests with 200 unknown parameters cost no more than twice 200 plain hits', async () => {
  const { app } = await createTestApp();
  await request(app).get('/contacts/');
  await cachedResponse(app, '/contacts/');
  // Renders counted on the render path itself: every clean render of a page offers it to the cache.
  const stores = vi.spyOn(PageCache.prototype, 'store');
  const cost = async (paths: string[]) => {
    stores.mockClear();
    let rendered = 0;
    for (const path of paths) {
      const response = await request(app).get(path);
      expect(response.status).toBe(200);
      if (response.headers['x-cache'] !== 'HIT') rendered += 1;
    }
    return { rendered, stored: stores.mock.calls.length };
  };
  const plain = await cost(Array.from({ length: 200 }, () => '/contacts/'));
  const started = performance.now();
  const junk = await cost(Array.from({ length: 200 }, (_, i) => `/contacts/?fbx_${i}=${i}`));
  const junkMs = performance.now() - started;
  stores.mockRestore();
  expect(junk.rendered).toBeLessThanOrEqual(2 * plain.rendered);
  expect(junk.stored).toBeLessThanOrEqual(2 * plain.stored);
  expect(junk.rendered).toBe(0);
  // A generous ceiling, not a measurement: 200 renders with brotli 11 each took seconds.
  expect(junkMs).toBeLessThan(20_000);
});

test("a 404 page shows the visitor's own full path and query, never another visitor's, and is cached only for its exact URL", async () => {
  const { app } = await createTestApp();
  for (let i = 0; i < 2; i += 1) await request(app).get('/no-such-offer/?ref=%3Cb%3Emailto-secret%3C/b%3E');
  const second = await request(app).get('/no-such-offer/?ref=secret-two');
  expect(second.status).toBe(404);
  expect(second.headers['x-cache']).toBeUndefined();
  expect(second.text).toContain('Page Not Found: <code>/no-such-offer/?ref=secret-two</code>');
  expect(second.text).not.toContain('mailto-secret');

  // The second miss on a path stores its 404 page (pageCache.ts).
  for (let i = 0; i < 2; i += 1) await request(app).get('/no-such-offer/');
  const plain = await cachedResponse(app, '/no-such-offer/');
  expect(plain.text).toContain('Page Not Found: <code>/no-such-offer/</code>');
  const other = await request(app).get('/no-such-offer/?other=1');
  expect(other.headers['x-cache']).toBeUndefined();
  expect(other.text).toContain('Page Not Found: <code>/no-such-offer/?other=1</code>');
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
  const pageCache = new PageCache({ maxBytes: 16 * 1024 * 1024, ttlMs: 600_000 });
  const { app } = await createTestApp({}, { pageCache });
  const first = await request(app).get('/no-such-page/');
  expect(first.status).toBe(404);
  // The first miss only marks the path: a scan of one-off paths never fills the cache. (Its
  // render is over, what it would store included.)
  await pageCache.renderOf('/no-such-page/');
  expect((await request(app).head('/no-such-page/')).headers['x-cache']).toBeUndefined();
  const second = await request(app).get('/no-such-page/');
  expect(second.headers['x-cache']).toBeUndefined();
  const hit = await cachedResponse(app, '/no-such-page/');
  expect(hit.status).toBe(404);
  expect(hit.text).toBe(second.text);
  expect(hit.headers['cache-control']).toBe(second.headers['cache-control']);
  expect(hit.headers.etag).toBeUndefined();
  expect(hit.headers.link).toBeUndefined();
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
