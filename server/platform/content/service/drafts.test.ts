import { afterAll, beforeAll, expect, test } from 'vitest';
import { ContentClient } from '../client/contentClient.ts';
import { loadSeed } from './loadSeed.ts';
import { createContentService, type ServiceRequest } from './service.ts';
import { startContentApi, type RunningContentApi } from './standalone.ts';

// Decision 021: the seed's unpublished article exists only for a request that asks for the
// working copy with the preview token.

const TOKEN = 'content-preview-token-0123456789';
const DRAFT = 'chernovik-kak-my-pishem-tz';
const WORKING_COPY = 'resourceVersion=rel:working-copy';

const service = createContentService(loadSeed(), '', { previewToken: TOKEN });
const get = (path: string, search = '', authorization?: string) =>
  service.handle({ method: 'GET', path, search, accept: 'application/vnd.api+json', authorization } satisfies ServiceRequest);
const ids = (body: string | null) => (JSON.parse(body ?? '{}') as { data: { id: string }[] }).data.map((resource) => resource.id);

test('the draft is not published: no resource, not in the list', () => {
  expect(get(`/articles/${DRAFT}`).status).toBe(404);
  expect(ids(get('/articles', 'page[size]=100').body)).not.toContain(DRAFT);
});

test('the working copy with the preview token has the draft, in the list and on its own', () => {
  expect(get(`/articles/${DRAFT}`, WORKING_COPY, `Bearer ${TOKEN}`).status).toBe(200);
  const list = get('/articles', `sort=-date&page[size]=5&${WORKING_COPY}`, `Bearer ${TOKEN}`);
  expect(ids(list.body)).toContain(DRAFT);
  // The next page of the working copy is the working copy.
  const next = (JSON.parse(list.body ?? '{}') as { links: { next: string } }).links.next;
  expect(decodeURIComponent(next)).toContain(WORKING_COPY);
});

test('the working copy without the right token is a 401; another resource version a 400', () => {
  expect(get(`/articles/${DRAFT}`, WORKING_COPY).status).toBe(401);
  expect(get(`/articles/${DRAFT}`, WORKING_COPY, `Bearer ${TOKEN}x`).status).toBe(401);
  expect(get('/articles', WORKING_COPY, TOKEN).status).toBe(401);
  expect(get('/articles', 'resourceVersion=rel:latest-version', `Bearer ${TOKEN}`).status).toBe(400);
  const withoutToken = createContentService(loadSeed());
  expect(withoutToken.handle({ method: 'GET', path: `/articles/${DRAFT}`, search: WORKING_COPY, authorization: 'Bearer ' }).status).toBe(
    401,
  );
});

let api: RunningContentApi;
beforeAll(async () => {
  api = await startContentApi({ port: 0, host: '127.0.0.1', previewToken: TOKEN });
});
afterAll(() => api.close());

test('over HTTP, the preview client reads the draft and the public client does not', async () => {
  const common = { baseUrl: api.url, timeoutMs: 2000, cacheTtlMs: 60_000, logger: { warn: () => undefined } };
  const previewClient = new ContentClient({ ...common, preview: { token: TOKEN } });
  const publicClient = new ContentClient(common);
  expect((await previewClient.article(DRAFT))?.title).toBe('Как мы пишем техническое задание вместе с клиентом');
  expect(await publicClient.article(DRAFT)).toBeNull();
  const previewList = await previewClient.articles({ page: 1, pageSize: 100 });
  const publicList = await publicClient.articles({ page: 1, pageSize: 100 });
  expect(previewList.items.map((article) => article.slug)).toContain(DRAFT);
  expect(publicList.items.map((article) => article.slug)).not.toContain(DRAFT);
  expect(previewList.total).toBe(publicList.total + 1);
  const wrongToken = new ContentClient({ ...common, preview: { token: `${TOKEN}x` } });
  await expect(wrongToken.article(DRAFT)).rejects.toThrow(/HTTP 401/);
});
