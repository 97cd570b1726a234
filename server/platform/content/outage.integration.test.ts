import request from 'supertest';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadSeed, type SeedContent } from './service/loadSeed.ts';
import { startContentApi, type RunningContentApi } from './service/standalone.ts';
import { createTestApp } from '../../../tests/support/testApp.ts';

// Decision 005: the site pointed at a separate content service
// (CONTENT_API_URL) keeps serving what it rendered once when that service goes down.

let seed: SeedContent;
let api: RunningContentApi;
let stopped = false;

beforeAll(async () => {
  seed = loadSeed();
  api = await startContentApi({ port: 0, host: '127.0.0.1', seed });
});
afterAll(async () => {
  if (!stopped) await api.close();
});

const h1 = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];

test('a page rendered once keeps rendering with the same content when the service stops; a page never rendered is 503', async () => {
  // A TTL of 1 ms: every later request finds its content stale and must survive the failed refresh.
  const { app } = await createTestApp(
    { CONTENT_API_URL: api.url, CONTENT_CACHE_TTL_MS: '1', CONTENT_API_TIMEOUT_MS: '500' },
    { readinessReuseMs: 0 },
  );
  const [rendered, neverRendered] = seed.articles.filter((article) => !article.draft);
  const path = `/material/blog/${rendered!.slug}/`;

  const before = await request(app).get(path);
  expect(before.status).toBe(200);
  expect(h1(before.text)).toBeDefined();
  const dataBefore = await request(app).get(`${path}?_data=article`);
  expect((await request(app).get('/readyz')).body).toEqual({ status: 'ready', checks: { content: 'ok' } });

  await api.close();
  stopped = true;

  const after = await request(app).get(path);
  expect(after.status).toBe(200);
  expect(h1(after.text)).toBe(h1(before.text));
  expect(after.text).toContain(rendered!.title.replaceAll('"', '&quot;'));
  const dataAfter = await request(app).get(`${path}?_data=article`);
  expect(dataAfter.body.loaderData.article.article).toEqual(dataBefore.body.loaderData.article.article);

  const missing = await request(app).get(`/material/blog/${neverRendered!.slug}/`);
  expect(missing.status).toBe(503);
  expect(missing.headers['retry-after']).toBeDefined();
  expect(missing.text).toContain('Ошибка приложения');
  // §2: the error page has its canonical link too, in the page (never echoed into a header, decision 018).
  expect(missing.text).toContain(`<link rel="canonical" href="https://verf.test/material/blog/${neverRendered!.slug}/"/>`);
  expect(missing.headers.link).toBeUndefined();

  const readiness = await request(app).get('/readyz');
  expect(readiness.status).toBe(200);
  expect(readiness.body.checks.content).toBe('degraded');
});

test('with nothing cached and the service down, readyz takes the instance out (503)', async () => {
  const { app } = await createTestApp({ CONTENT_API_URL: 'http://127.0.0.1:9', CONTENT_API_TIMEOUT_MS: '500' });
  const response = await request(app).get('/readyz');
  expect(response.status).toBe(503);
  expect(response.body).toEqual({ status: 'unavailable', checks: { content: 'unavailable' } });
  expect(response.text).not.toContain('127.0.0.1');
});

test('with nothing loaded at all, the error page still has its canonical link, without the query', async () => {
  const { app } = await createTestApp({ CONTENT_API_URL: 'http://127.0.0.1:9', CONTENT_API_TIMEOUT_MS: '500' });
  const response = await request(app).get('/about/?utm_source=ya').set('Accept', 'text/html');
  expect(response.status).toBe(503);
  expect(response.text).toContain('Ошибка приложения');
  expect(response.text.match(/<link rel="canonical"[^>]*>/g)).toEqual(['<link rel="canonical" href="https://verf.test/about/"/>']);
  expect(response.headers.link).toBeUndefined();
});
