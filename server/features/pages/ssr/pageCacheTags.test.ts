import { expect, test } from 'vitest';
import { PageCache } from '../pageCache/pageCache.ts';

const html = (text: string) => Buffer.from(`<html>${text}</html>`);
const tagged = (tags: string) => ({ 'content-type': 'text/html; charset=utf-8', 'surrogate-key': tags });

test('a revalidation by tag concerns exactly the pages sent with one of the tags', async () => {
  const cache = new PageCache({ maxBytes: 1024 * 1024, ttlMs: 60_000, dropOnRevalidation: true });
  await cache.store('/material/blog/a/', html('a'), tagged('site articles:a articles'));
  await cache.store('/blog/', html('blog'), tagged('site articles'));
  await cache.store('/contacts/', html('contacts'), tagged('site pages:contacts'));
  expect(cache.invalidateTags(['articles:a', 'articles'])).toBe(2);
  expect(cache.get('/material/blog/a/')).toBeUndefined();
  expect(cache.get('/blog/')).toBeUndefined();
  expect(cache.get('/contacts/')?.identity.toString()).toBe('<html>contacts</html>');
});

test('with a purged HTTP cache in front, a revalidated page is dropped, not served stale while it renders', async () => {
  const renders: string[] = [];
  const stale = new PageCache({ maxBytes: 1024 * 1024, ttlMs: 60_000 });
  const dropping = new PageCache({ maxBytes: 1024 * 1024, ttlMs: 60_000, dropOnRevalidation: true });
  for (const cache of [stale, dropping]) {
    cache.connect(async (key) => {
      renders.push(key);
      return 200;
    });
    await cache.store('/blog/', html('old'), tagged('articles'));
    cache.invalidateTags(['articles']);
  }
  expect(stale.get('/blog/')?.identity.toString()).toBe('<html>old</html>');
  expect(dropping.get('/blog/')).toBeUndefined();
  // A render that started before the revalidation is not kept either.
  const before = dropping.generation;
  dropping.invalidateTags(['other']);
  await dropping.store('/blog/', html('rendered before'), tagged('articles'), 200, before);
  expect(dropping.get('/blog/')).toBeUndefined();
});

test('an entry expires by the cache clock, with no wait', async () => {
  let now = 1_000;
  const cache = new PageCache({ maxBytes: 1024 * 1024, ttlMs: 60_000, now: () => now });
  await cache.store('/contacts/', html('contacts'), tagged('pages:contacts'));
  expect(cache.get('/contacts/')).toBeDefined();
  now += 59_999;
  expect(cache.get('/contacts/')).toBeDefined();
  expect(cache.isStale(cache.get('/contacts/')!)).toBe(false);
  now += 2;
  // Past its lifetime it is stale: still the answer while it is rendered afresh.
  expect(cache.isStale(cache.get('/contacts/')!)).toBe(true);
});
