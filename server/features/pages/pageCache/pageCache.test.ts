import zlib from 'node:zlib';
import { expect, test } from 'vitest';
import { MAX_CONCURRENT_STORES, PageCache, pageCacheKey } from './pageCache.ts';

test('the cache key is the path and the query parameters its route reads', () => {
  expect(pageCacheKey('GET', '/blog/')).toBe('/blog/');
  expect(pageCacheKey('GET', '/blog/?utm_source=a&UTM_MEDIUM=b&yclid=1&gclid=2&fbclid=3&fbx_9=1')).toBe('/blog/');
  expect(pageCacheKey('GET', '/blog/?x=1&page=2&page=3')).toBe('/blog/?page=2');
  expect(pageCacheKey('HEAD', '/blog/seo/?tag=seo&page=2&utm_term=x')).toBe('/blog/seo/?page=2');
  expect(pageCacheKey('GET', '/blog/author/anna/?page=3&q=1')).toBe('/blog/author/anna/?page=3');
  expect(pageCacheKey('GET', '/contacts/?page=2')).toBe('/contacts/');
  expect(pageCacheKey('GET', '/request/?serviceType=%20SEO%20&a=1')).toBe('/request/?serviceType=SEO');
  expect(pageCacheKey('GET', '/request/?serviceType=%20&a=1')).toBe('/request/');
  // A value naming no page has no entry: it is the routing rules' 404.
  expect(pageCacheKey('GET', `/request/?serviceType=${'x'.repeat(81)}`)).toBeUndefined();
  expect(pageCacheKey('GET', '/blog/?page=abc')).toBeUndefined();
  expect(pageCacheKey('GET', '/no-such-page/?page=2&q=%3Cscript%3E')).toBe('/no-such-page/');
});

test('only page GETs and HEADs have a cache key', () => {
  expect(pageCacheKey('POST', '/request/')).toBeUndefined();
  expect(pageCacheKey('GET', '/blog/?_data=blog')).toBeUndefined();
});

test('a page URL with element_anchor_id has no cache key: the routing rules send it to its fragment (§5)', () => {
  expect(pageCacheKey('GET', '/?element_anchor_id=tariffs')).toBeUndefined();
  expect(pageCacheKey('HEAD', '/blog/?utm_source=a&element%5Fanchor%5Fid=x')).toBeUndefined();
  expect(pageCacheKey('GET', '/?element_anchor=tariffs')).toBe('/');
});

test('a burst of renders of one page is compressed and stored once', async () => {
  const cache = new PageCache({ maxBytes: 1024 * 1024, ttlMs: 60_000 });
  const first = Buffer.from('<html>first</html>');
  const stores = [first, Buffer.from('<html>second</html>'), Buffer.from('<html>third</html>')].map((html) =>
    cache.store('/', html, { 'content-type': 'text/html; charset=utf-8' }),
  );
  await Promise.all(stores);
  expect(cache.size).toBe(1);
  expect(cache.get('/')?.identity.toString()).toBe('<html>first</html>');
  // Once stored, a later render (new content after the TTL, say) is stored again.
  await cache.store('/', Buffer.from('<html>later</html>'), {});
  expect(cache.get('/')?.identity.toString()).toBe('<html>later</html>');
});

test('a page rendered again into the same bytes keeps its compressed copies; other bytes are compressed anew', async () => {
  const cache = new PageCache({ maxBytes: 1024 * 1024, ttlMs: 60_000 });
  const html = `<html>${'страница '.repeat(500)}</html>`;
  await cache.store('/', Buffer.from(html), {});
  const first = cache.get('/');
  await cache.store('/', Buffer.from(html), { 'x-later': '1' });
  const again = cache.get('/');
  expect(again).not.toBe(first);
  expect(again?.br).toBe(first?.br);
  expect(again?.gzip).toBe(first?.gzip);
  await cache.store('/', Buffer.from(html.replace('</html>', '!</html>')), {});
  const changed = cache.get('/');
  expect(changed?.br).not.toBe(first?.br);
  expect(zlib.brotliDecompressSync(changed?.br ?? Buffer.alloc(0)).toString()).toBe(html.replace('</html>', '!</html>'));
  expect(zlib.gunzipSync(changed?.gzip ?? Buffer.alloc(0)).toString()).toBe(html.replace('</html>', '!</html>'));
});

test('404 pages are stored from the second miss on, in a share of the budget of their own', async () => {
  const cache = new PageCache({ maxBytes: 160 * 1024, ttlMs: 60_000 });
  const page = Buffer.from(`<html>${'страница '.repeat(2000)}</html>`);
  await cache.store('/about/', page, {});
  await cache.store('/gone/', Buffer.from('<html>нет такой страницы</html>'), {}, 404);
  expect(cache.get('/gone/')).toBeUndefined();
  await cache.store('/gone/', Buffer.from('<html>нет такой страницы</html>'), {}, 404);
  expect(cache.get('/gone/')?.status).toBe(404);
  // A scan of many paths, each asked for twice, fills only the 404 share (a sixteenth of 160 KB here).
  for (let i = 0; i < 200; i += 1) {
    const missing = Buffer.from(`<html>${i} ${'нет '.repeat(100 + i)}</html>`);
    await cache.store(`/scan-${i}/`, missing, {}, 404);
    await cache.store(`/scan-${i}/`, missing, {}, 404);
  }
  expect(cache.get('/about/')?.identity.equals(page)).toBe(true);
  expect(cache.get('/scan-199/')?.status).toBe(404);
  expect(cache.get('/scan-0/')).toBeUndefined();
  // A path that gets a page later is served the page.
  await cache.store('/scan-199/', page, {});
  expect(cache.get('/scan-199/')?.status).toBe(200);
});

test('compressions beyond a few at a time are skipped, not queued', async () => {
  const cache = new PageCache({ maxBytes: 8 * 1024 * 1024, ttlMs: 60_000 });
  const html = Buffer.from(`<html>${'текст '.repeat(20_000)}</html>`);
  await Promise.all(Array.from({ length: 10 }, (_, i) => cache.store(`/page-${i}/`, html, {})));
  expect(cache.size).toBe(MAX_CONCURRENT_STORES);
  // Once the slots are free, a page is stored again.
  await cache.store('/later/', html, {});
  expect(cache.get('/later/')).toBeDefined();
});

test('background idle settles only once every render asked for, and its store, is over; a coalesced refresh waits outside', async () => {
  let now = 0;
  const cache = new PageCache({ maxBytes: 1024 * 1024, ttlMs: 1000, now: () => now });
  const pending: (() => void)[] = [];
  const rendered: string[] = [];
  cache.connect(async (key) => {
    await new Promise<void>((resolve) => pending.push(resolve));
    rendered.push(key);
    await cache.store(key, Buffer.from(`<html>${key} ${rendered.length}</html>`), {}, 200, cache.generation, { waitForSlot: true });
    return 200;
  });
  await cache.store('/a/', Buffer.from('<html>a</html>'), {});
  await cache.store('/b/', Buffer.from('<html>b</html>'), {});
  now += 1100;
  cache.get('/a/');
  cache.get('/b/');
  let idle = false;
  const settled = cache.backgroundIdle().then(() => (idle = true));
  // One render at a time: release each as it starts; idle holds until both are stored.
  while (rendered.length < 2) {
    await new Promise((resolve) => setImmediate(resolve));
    expect(idle).toBe(false);
    pending.shift()?.();
  }
  await settled;
  expect(rendered).toEqual(['/a/', '/b/']);
  expect(cache.get('/b/')?.identity.toString()).toBe('<html>/b/ 2</html>');
  // Stale again within the coalescing window: its refresh waits on a timer, and the cache is idle now.
  cache.invalidatePaths(['/a/']);
  expect(cache.get('/a/')).toBeDefined();
  await cache.backgroundIdle();
  expect(rendered).toEqual(['/a/', '/b/']);
  expect(pending).toHaveLength(0);
});
