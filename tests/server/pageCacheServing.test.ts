import request from 'supertest';
import { expect, test } from 'vitest';
import type { ContentApi } from '../../shared/content/contentApi.ts';
import { eventually } from '../forms/receivers.ts';
import { renderCount } from '../support/renderCount.ts';
import { signedRevalidation } from '../support/signedRevalidation.ts';
import { createTestApp } from '../support/testApp.ts';

const SECRET = 'revalidate-secret-0123456789';

test('concurrent misses of one page render it once; every request gets the page', async () => {
  const { app } = await createTestApp({ PAGE_CACHE_MAX_MB: '16' });
  const before = await renderCount();
  const responses = await Promise.all(Array.from({ length: 12 }, () => request(app).get('/about/')));
  for (const response of responses) expect(response.status).toBe(200);
  expect(new Set(responses.map((response) => response.text)).size).toBe(1);
  expect(await renderCount()).toBe(before + 1);
  expect(responses.filter((response) => response.headers['x-cache'] === 'HIT')).toHaveLength(11);
});

test('a redirect published in the CMS after the start is followed after a revalidation, for a cached page and a cached 404 alike', async () => {
  // The content service as a CMS would change it: a per-path redirect appears after the start.
  const published = new Map<string, string>();
  const { app, content } = await createTestApp(
    { REVALIDATE_SECRET: SECRET, PAGE_CACHE_MAX_MB: '16' },
    {
      content: new Proxy({} as ContentApi, {
        get: (_target, property) =>
          property === 'redirectFor'
            ? async (path: string) => published.get(path) ?? null
            : (Reflect.get(contentRef.client, property) as unknown as (...args: unknown[]) => unknown).bind(contentRef.client),
      }),
    },
  );
  const contentRef = content;
  const cachedAnswer = async (path: string) => {
    await eventually(async () => (await request(app).get(path)).headers['x-cache'] === 'HIT', 30_000);
  };
  await cachedAnswer('/about/');
  await cachedAnswer('/akciya-vesna/');
  published.set('/about/', '/contacts/');
  published.set('/akciya-vesna/', '/request/');
  // Before the revalidation the lookups and the cache still say what they said.
  expect((await request(app).get('/akciya-vesna/').redirects(0)).status).toBe(404);
  const call = signedRevalidation({ all: true }, SECRET);
  const revalidated = await request(app).post('/api/revalidate').set(call.headers).send(call.body);
  expect(revalidated.status).toBe(202);
  const answer = (path: string) => request(app).get(path).redirects(0);
  await eventually(async () => (await answer('/about/')).status === 301, 30_000);
  expect((await answer('/about/')).headers.location).toBe('/contacts/');
  const moved = await answer('/akciya-vesna/');
  expect(moved.status).toBe(301);
  expect(moved.headers.location).toBe('/request/');
});
