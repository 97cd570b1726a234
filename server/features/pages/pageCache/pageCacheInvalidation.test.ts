import { expect, test } from 'vitest';
import { PageCache } from './pageCache.ts';

const html = (text: string) => Buffer.from(`<!doctype html><title>${text}</title>`);
// As with a purged HTTP cache in front: a revalidated entry is dropped, not served stale.
const cache = () => new PageCache({ maxBytes: 1024 * 1024, ttlMs: 60_000, dropOnRevalidation: true });

test('invalidating paths drops their entries whatever the query, and keeps every other page', async () => {
  const pages = cache();
  for (const key of ['/blog/', '/blog/?page=2', '/about/']) await pages.store(key, html(key), {});
  expect(pages.invalidatePaths(['/blog/'])).toBe(2);
  expect(pages.get('/blog/')).toBeUndefined();
  expect(pages.get('/blog/?page=2')).toBeUndefined();
  expect(pages.get('/about/')).toBeDefined();
  pages.clear();
  expect(pages.size).toBe(0);
});

test('a page rendered before a revalidation is not stored after it', async () => {
  const pages = cache();
  const renderedAt = pages.generation;
  const storing = pages.store('/contacts/', html('old phone'), {}, 200, renderedAt);
  pages.invalidatePaths(['/contacts/']);
  await storing;
  expect(pages.get('/contacts/')).toBeUndefined();
  await pages.store('/contacts/', html('stale render finished late'), {}, 200, renderedAt);
  expect(pages.get('/contacts/')).toBeUndefined();
  await pages.store('/contacts/', html('new phone'), {}, 200, pages.generation);
  expect(pages.get('/contacts/')?.identity.toString()).toContain('new phone');
});
