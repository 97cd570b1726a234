import request from 'supertest';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadConfig } from '../config/env.ts';
import { loadSeed, type SeedContent } from './service/loadSeed.ts';
import { startContentApi, type RunningContentApi } from './service/standalone.ts';
import { createLogger } from '../logging/logger.ts';
import { createTestApp } from '../../../tests/support/testApp.ts';
import { createContentStack } from './contentStack.ts';

let seed: SeedContent;
let api: RunningContentApi;
beforeAll(async () => {
  seed = loadSeed();
  api = await startContentApi({ port: 0, host: '127.0.0.1', seed });
});
afterAll(() => api.close());

const silent = createLogger('silent');
const stack = (env: NodeJS.ProcessEnv) =>
  createContentStack(loadConfig({ NODE_ENV: 'test', PUBLIC_BASE_URL: 'https://verf.test', ...env }), silent, seed);

test('without CONTENT_API_URL the site serves the embedded JSON:API service at /api/content/', async () => {
  const { app } = await createTestApp();
  const response = await request(app).get('/api/content/article-filters?fields[article-filters]=slug,title');
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toBe('application/vnd.api+json');
  expect(response.body.data).toHaveLength(seed.articleFilters.length);
  expect(response.body.data[0].links.self).toMatch(/^\/api\/content\/article-filters\//);
});

test('with CONTENT_API_URL set, nothing is mounted at /api/content/', () => {
  expect(stack({ CONTENT_API_URL: api.url }).router).toBeUndefined();
  expect(stack({}).router).toBeDefined();
});

test('the in-process embedded service and a separate instance over HTTP give the same content', async () => {
  const embedded = stack({}).client;
  const remote = stack({ CONTENT_API_URL: api.url }).client;
  const slug = seed.articles[0]!.slug;
  const project = seed.projects[0]!.slug;
  for (const read of [
    (content: typeof embedded) => content.agency(),
    (content: typeof embedded) => content.services(),
    (content: typeof embedded) => content.service('prodvizhenie/seo'),
    (content: typeof embedded) => content.articles({ page: 2, pageSize: 4 }),
    (content: typeof embedded) => content.article(slug),
    (content: typeof embedded) => content.project(project),
    (content: typeof embedded) => content.projects({ industry: 'finance' }),
    (content: typeof embedded) => content.documents(),
  ]) {
    expect(await read(embedded)).toEqual(await read(remote));
  }
});

test('a content failure inside a loader becomes a 503 route error, not a crash', async () => {
  const { app } = await createTestApp({ CONTENT_API_URL: 'http://127.0.0.1:9', CONTENT_API_TIMEOUT_MS: '300' });
  const response = await request(app).get(`/material/blog/${seed.articles[0]!.slug}/`);
  expect(response.status).toBe(503);
  expect(response.headers['retry-after']).toBeDefined();
});
