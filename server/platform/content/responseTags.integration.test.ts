import request from 'supertest';
import { expect, test } from 'vitest';
import { createTestApp } from '../../../tests/support/testApp.ts';

const keysOf = (response: { headers: Record<string, string | string[] | undefined> }) =>
  String(response.headers['surrogate-key'] ?? '').split(' ');

test('a page carries the tags of what it read, as Surrogate-Key and as Cache-Tag', async () => {
  const { app } = await createTestApp({ PAGE_CACHE_MAX_MB: '0' });
  const response = await request(app).get('/material/blog/chek-list-ux-audita/');
  expect(response.status).toBe(200);
  const keys = keysOf(response);
  for (const tag of [
    'site',
    'path:/material/blog/chek-list-ux-audita/',
    'articles:chek-list-ux-audita',
    'authors:7',
    'article-filters:dizayn',
    'agency:agency',
  ]) {
    expect(keys, tag).toContain(tag);
  }
  expect(keys.some((key) => key.startsWith('build:'))).toBe(true);
  expect(String(response.headers['cache-tag']).split(',')).toEqual(keys);
});

test('an unrelated page does not carry the articles tag', async () => {
  const { app } = await createTestApp({ PAGE_CACHE_MAX_MB: '0' });
  const keys = keysOf(await request(app).get('/contacts/'));
  expect(keys).toContain('pages:contacts');
  expect(keys.filter((key) => key.startsWith('articles'))).toEqual([]);
});

test('lists, feeds, the sitemap and a data request carry the collection they read', async () => {
  const { app } = await createTestApp({ PAGE_CACHE_MAX_MB: '0' });
  for (const path of ['/blog/', '/blog/rss.xml', '/sitemap.xml', '/blog/?_data=root,blog']) {
    const response = await request(app).get(path);
    expect(keysOf(response), path).toContain('articles');
  }
});

test('a 404 page carries the record it looked for and the redirect lookup of its path, so a publication of either purges it', async () => {
  const { app } = await createTestApp({ PAGE_CACHE_MAX_MB: '0' });
  const response = await request(app).get('/material/blog/not-written-yet/');
  expect(response.status).toBe(404);
  const lookup = 'redirects:/material/blog/not-written-yet/';
  expect(keysOf(response)).toEqual(expect.arrayContaining(['articles:not-written-yet', lookup]));
  // Not the whole list's tag, which one redirect's publish would purge with every page.
  expect(keysOf(response)).not.toContain('redirects');
  // Twice: the second lookup of the redirects is answered from a cache, and still tagged.
  expect(keysOf(await request(app).get('/material/blog/not-written-yet/'))).toContain(lookup);
});

test('a cached page is sent with the tags it was rendered with', async () => {
  const { app } = await createTestApp({ PAGE_CACHE_MAX_MB: '16' });
  let response = await request(app).get('/contacts/');
  for (let i = 0; i < 50 && response.headers['x-cache'] !== 'HIT'; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    response = await request(app).get('/contacts/');
  }
  expect(response.headers['x-cache']).toBe('HIT');
  expect(keysOf(response)).toContain('pages:contacts');
});
