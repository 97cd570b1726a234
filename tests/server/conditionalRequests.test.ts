import { createServer, request as httpRequest, type IncomingHttpHeaders, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { expect, test } from 'vitest';
import { PageCache } from '../../server/features/pages/pageCache/pageCache.ts';
import { readManifest, createTestApp } from '../support/testApp.ts';

/**
 * RFC 9110 §13 as the site answers it (decision 038): `If-None-Match` by weak comparison, in a
 * list or as `*`; one tag per content coding; a 304 with the 200's Vary, Cache-Control and ETag;
 * `If-Range` with a weak tag never honoured; a validator on every answer built from content.
 */

interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/** One request as sent on the wire, its body left as coded (supertest would decode it). */
async function send(app: RequestListener, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const server = createServer(app).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise<Answer>((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port, path, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
  } finally {
    server.close();
  }
}

/** A page cache the test can wait on, in front of the app. */
async function cachedApp() {
  const cache = new PageCache({ maxBytes: 16 * 1024 * 1024, ttlMs: 60_000 });
  const { app } = await createTestApp({}, { pageCache: cache });
  return { app, cache };
}

/** Renders a page and waits for the page cache to have stored it (its render, then its store, are the signals). */
async function untilCached(app: RequestListener, cache: PageCache, path: string): Promise<void> {
  await send(app, path);
  await (cache.renderOf(path) ?? cache.storeOf(path));
  expect((await request(app).head(path)).headers['x-cache']).toBe('HIT');
}

const weak = (tag: string) => `W/${tag}`;
const BR = { 'Accept-Encoding': 'gzip, deflate, br' };
const GZIP = { 'Accept-Encoding': 'gzip' };
const IDENTITY = { 'Accept-Encoding': 'identity' };

/** A 304 for each form of If-None-Match RFC 9110 §13.1.2 allows, each with the 200's validator and caching headers. */
async function expectRevalidates(
  app: RequestListener,
  path: string,
  headers: Record<string, string>,
  varyOn: string | null = 'Accept-Encoding',
) {
  const full = await send(app, path, headers);
  expect(full.status, path).toBe(200);
  const tag = String(full.headers.etag);
  expect(tag, `${path} has a validator`).toMatch(/^(W\/)?"[^"]+"$/);
  if (varyOn !== null) expect(full.headers.vary, path).toContain(varyOn);
  for (const condition of [tag, weak(tag.replace(/^W\//, '')), `"other", ${tag}`, `"other",${weak(tag.replace(/^W\//, ''))}`, '*']) {
    const revalidated = await send(app, path, { ...headers, 'If-None-Match': condition });
    expect({ path, condition, status: revalidated.status }).toEqual({ path, condition, status: 304 });
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.etag).toBe(tag);
    expect(revalidated.headers.vary).toBe(full.headers.vary);
    expect(revalidated.headers['cache-control']).toBe(full.headers['cache-control']);
  }
  const other = await send(app, path, { ...headers, 'If-None-Match': '"other", W/"another"' });
  expect(other.status).toBe(200);
  return tag;
}

/** Each coding's representation has its own tag, and one coding's tag never validates another's request. */
async function expectTagPerCoding(app: RequestListener, path: string) {
  const br = await send(app, path, BR);
  const gzip = await send(app, path, GZIP);
  const identity = await send(app, path, IDENTITY);
  expect([br.headers['content-encoding'], gzip.headers['content-encoding'], identity.headers['content-encoding']]).toEqual([
    'br',
    'gzip',
    undefined,
  ]);
  const tags = [br, gzip, identity].map((answer) => String(answer.headers.etag));
  expect(new Set(tags).size, path).toBe(3);
  expect((await send(app, path, { ...BR, 'If-None-Match': String(gzip.headers.etag) })).status).toBe(200);
  expect((await send(app, path, { ...GZIP, 'If-None-Match': String(br.headers.etag) })).status).toBe(200);
  expect((await send(app, path, { ...IDENTITY, 'If-None-Match': String(gzip.headers.etag) })).status).toBe(200);
  expect((await send(app, path, { ...BR, 'If-None-Match': String(br.headers.etag) })).status).toBe(304);
}

test('a page from the page cache revalidates by weak comparison, in a list and with *, one tag per coding', async () => {
  const { app, cache } = await cachedApp();
  await untilCached(app, cache, '/about/');
  expect((await send(app, '/about/')).headers['x-cache']).toBe('HIT');
  await expectRevalidates(app, '/about/', BR);
  await expectRevalidates(app, '/about/', IDENTITY);
  await expectTagPerCoding(app, '/about/');
});

test('a freshly rendered page has the validator its cached copy will have, and a page with the cache off has one too', async () => {
  const cached = await cachedApp();
  const rendered = await send(cached.app, '/services/', BR);
  expect(rendered.headers['x-cache']).toBeUndefined();
  await untilCached(cached.app, cached.cache, '/services/');
  const hit = await send(cached.app, '/services/', BR);
  expect(hit.headers['x-cache']).toBe('HIT');
  expect(hit.headers.etag).toBe(rendered.headers.etag);

  const { app } = await createTestApp({ PAGE_CACHE_MAX_MB: '0' });
  await expectRevalidates(app, '/services/', BR);
  await expectRevalidates(app, '/services/', IDENTITY);
  await expectTagPerCoding(app, '/services/');
  // A coding the site does not send a page in leaves the page as its identity tag names it.
  const deflate = await send(app, '/services/', { 'Accept-Encoding': 'deflate' });
  expect(deflate.headers['content-encoding']).toBeUndefined();
  expect(deflate.headers.etag).toBe((await send(app, '/services/', IDENTITY)).headers.etag);
  // Validators are for a 200: a 404 page has none.
  expect((await send(app, '/no-such-page/', BR)).headers.etag).toBeUndefined();
});

test('data requests, sitemap.xml, robots.txt and the feeds carry validators and answer 304 with their Vary', async () => {
  const { app } = await createTestApp();
  for (const path of ['/about/?_data=root,about', '/sitemap.xml', '/robots.txt', '/blog/rss.xml', '/blog/atom.xml', '/blog/feed.json']) {
    await expectRevalidates(app, path, BR);
    await expectRevalidates(app, path, IDENTITY);
  }
  for (const path of ['/about/?_data=root,about', '/sitemap.xml', '/blog/rss.xml']) await expectTagPerCoding(app, path);
  // A HEAD answer carries the validator and length of the GET's.
  const get = await send(app, '/sitemap.xml', BR);
  const head = await request(app).head('/sitemap.xml').set(BR);
  expect(head.headers.etag).toBe(get.headers.etag);
  expect(Number(head.headers['content-length'])).toBe(get.body.length);
});

test('a /_ipx image revalidates by weak comparison, in a list and with *, keeping its Vary: Accept', async () => {
  const { app } = await createTestApp();
  const home = await request(app).get('/');
  const image = home.text.match(/\/_ipx\/w_\d+,f_webp\/[^\s"',]+/)?.[0];
  expect(image).toBeTruthy();
  await expectRevalidates(app, String(image), {}, null);
  await expectRevalidates(app, String(image).replace('f_webp', 'f_auto'), { Accept: 'image/avif,image/webp,*/*' }, 'Accept');
});

test('/favicon.svg and a build asset revalidate with their Vary, and a weak If-Range gets the whole file', async () => {
  const { app } = await createTestApp();
  const asset = readManifest().entry;
  for (const path of ['/favicon.svg', asset]) {
    const tag = await expectRevalidates(app, path, BR);
    const ranged = await send(app, path, { ...BR, Range: 'bytes=0-9', 'If-Range': tag.startsWith('W/') ? tag : weak(tag) });
    expect({ path, status: ranged.status }).toEqual({ path, status: 200 });
    const honoured = await send(app, path, { ...BR, Range: 'bytes=0-9' });
    expect({ path, status: honoured.status }).toEqual({ path, status: 206 });
  }
});
