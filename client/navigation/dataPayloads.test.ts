import { expect, test } from 'vitest';
import type { DataPayload } from '../../shared/routes/dataRequest.ts';
import { PREFETCH_TTL_MS, PrefetchedPayloads } from './dataPayloads.ts';

const payload = (status = 200): Promise<DataPayload> => Promise.resolve({ status, loaderData: {}, errors: null });
const url = (path: string) => new URL(path, 'https://verf.test');

test('a navigation takes the prefetched payload of its URL once', async () => {
  const cache = new PrefetchedPayloads();
  const prefetched = payload();
  cache.remember(url('/blog/seo/'), ['root', 'blog-tag'], prefetched);
  expect(cache.take(url('/blog/seo/#top'), ['blog-tag'])).toBe(prefetched);
  expect(cache.take(url('/blog/seo/'), ['blog-tag'])).toBeUndefined();
});

test('a prefetch that did not ask for every route the navigation needs is not used', () => {
  const cache = new PrefetchedPayloads();
  cache.remember(url('/blog/seo/'), ['blog-tag'], payload());
  expect(cache.take(url('/blog/seo/'), ['root', 'blog-tag'])).toBeUndefined();
});

test('the query is part of the page; a payload older than the TTL is not used', () => {
  let now = 0;
  const cache = new PrefetchedPayloads(() => now);
  cache.remember(url('/blog/?page=2'), ['blog'], payload());
  expect(cache.take(url('/blog/'), ['blog'])).toBeUndefined();
  cache.remember(url('/about/'), ['about'], payload());
  now = PREFETCH_TTL_MS;
  expect(cache.has(url('/about/'))).toBe(false);
  expect(cache.take(url('/about/'), ['about'])).toBeUndefined();
});

test('a failed prefetch is forgotten', async () => {
  const cache = new PrefetchedPayloads();
  const failed = Promise.reject(new Error('offline'));
  cache.remember(url('/about/'), ['about'], failed);
  await failed.catch(() => undefined);
  await Promise.resolve();
  expect(cache.has(url('/about/'))).toBe(false);
});
