import { expect, test } from 'vitest';
import { CACHE_CONTROL, pageCachePolicy } from './cacheControl.ts';

test('without a purge target a page is shared as long as content is fresh, and a 404 is never kept in front', () => {
  const policy = pageCachePolicy(60_000, false);
  expect(policy.of(200, false)).toEqual({ cacheControl: 'public, max-age=0, s-maxage=60, stale-while-revalidate=600', keep: 200 });
  expect(policy.of(404, false)).toEqual({ cacheControl: CACHE_CONTROL.noStore, keep: 404 });
  expect(policy.pageCache).toEqual({ ttlMs: 60_000, dropOnRevalidation: false });
});

test('with a purge target pages and 404s are shared a day, and the page cache drops what a publish names', () => {
  const policy = pageCachePolicy(60_000, true);
  expect(policy.of(200, false).cacheControl).toBe('public, max-age=0, s-maxage=86400, stale-while-revalidate=86400, stale-if-error=604800');
  expect(policy.of(404, false).cacheControl).toBe(policy.shared);
  expect(policy.pageCache.dropOnRevalidation).toBe(true);
});

test("a visitor's own page and an outage are kept by no cache", () => {
  const policy = pageCachePolicy(60_000, true);
  expect(policy.of(200, true)).toEqual({ cacheControl: CACHE_CONTROL.privateNoStore, keep: undefined });
  expect(policy.of(503, false)).toEqual({ cacheControl: CACHE_CONTROL.noStore, keep: undefined });
});
