import request from 'supertest';
import { expect, test } from 'vitest';
import { createTestApp } from '../support/testApp.ts';

// A CDN may keep a page, a feed or a crawler file as long as the server keeps its content:
// s-maxage follows CONTENT_CACHE_TTL_MS, so the two caches never add up to more than twice it.
test('pages, feeds and crawler files may be shared for as long as the server keeps content', async () => {
  const { app } = await createTestApp({ CONTENT_CACHE_TTL_MS: '120000', PAGE_CACHE_MAX_MB: '0' });
  for (const path of ['/about/', '/blog/rss.xml', '/sitemap.xml', '/robots.txt']) {
    const response = await request(app).get(path);
    expect(response.status, path).toBe(200);
    expect(response.headers['cache-control'], path).toBe('public, max-age=0, s-maxage=120, stale-while-revalidate=600');
  }
  // Not a page: a 404 is never shared.
  expect((await request(app).get('/no-such-page/')).headers['cache-control']).toBe('no-store');
});

// With an HTTP cache that every publish purges by tag (decision 027), a copy may be kept a day.
test('with a purge target, pages, their data requests, 404 pages, feeds and crawler files are shared for a day', async () => {
  const { app } = await createTestApp({ VARNISH_URLS: 'http://127.0.0.1:9', PAGE_CACHE_MAX_MB: '0' });
  const day = 'public, max-age=0, s-maxage=86400, stale-while-revalidate=86400, stale-if-error=604800';
  for (const path of ['/about/', '/blog/?_data=root,blog', '/no-such-page/', '/blog/rss.xml', '/sitemap.xml']) {
    const response = await request(app).get(path);
    expect(response.headers['cache-control'], path).toBe(day);
  }
});

test('without a purge target a data request is shared as briefly as its page', async () => {
  const { app } = await createTestApp({ CONTENT_CACHE_TTL_MS: '120000', PAGE_CACHE_MAX_MB: '0' });
  const response = await request(app).get('/about/?_data=root,about');
  expect(response.status).toBe(200);
  expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=120, stale-while-revalidate=600');
});
