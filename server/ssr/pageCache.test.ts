import { expect, test } from 'vitest';
import { PageCache, pageCacheKey } from './pageCache.ts';

test('the cache key ignores tracking parameters and the order of the others', () => {
  expect(pageCacheKey('GET', '/blog/')).toBe('/blog/');
  expect(pageCacheKey('GET', '/blog/?utm_source=a&UTM_MEDIUM=b&yclid=1&gclid=2&fbclid=3')).toBe('/blog/');
  expect(pageCacheKey('GET', '/blog/?page=2&tag=seo')).toBe(pageCacheKey('HEAD', '/blog/?tag=seo&page=2&utm_term=x'));
});

test('only page GETs and HEADs have a cache key', () => {
  expect(pageCacheKey('POST', '/request/')).toBeUndefined();
  expect(pageCacheKey('GET', '/blog/?_data=blog')).toBeUndefined();
});

test('a burst of renders of one page is compressed and stored once', async () => {
  const cache = new PageCache({ maxBytes: 1024 * 1024, ttlMs: 60_000 });
  const first = Buffer.from('<html>first</html>');
  const stores = [first, Buffer.from('<html>second</html>'), Buffer.from('<html>third</html>')]
    .map((html) => cache.store('/', html, { 'content-type': 'text/html; charset=utf-8' }));
  await Promise.all(stores);
  expect(cache.size).toBe(1);
  expect(cache.get('/')?.identity.toString()).toBe('<html>first</html>');
  // Once stored, a later render (new content after the TTL, say) is stored again.
  await cache.store('/', Buffer.from('<html>later</html>'), {});
  expect(cache.get('/')?.identity.toString()).toBe('<html>later</html>');
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
