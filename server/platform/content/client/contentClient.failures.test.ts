import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { TAG_LIST_FAILURE_MESSAGE } from '../../../../shared/content/contentApi.ts';
import { ContentClient } from './contentClient.ts';
import { ContentResponseError, ContentUnavailableError } from './errors.ts';

// The client against a stub service on 127.0.0.1 that answers what each test scripts:
// errors, silence, and documents of the wrong shape.

type Reply = (req: IncomingMessage, res: ServerResponse) => void;

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise((resolve) => {
          server.closeAllConnections();
          server.close(resolve);
        }),
    ),
  );
});

/** A stub whose n-th request gets `replies[n]` (the last reply repeats). */
async function stub(...replies: Reply[]) {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(req.url ?? '');
    replies[Math.min(seen.length - 1, replies.length - 1)]!(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const warnings: string[] = [];
  const client = (cacheTtlMs = 60_000) =>
    new ContentClient({
      baseUrl: `http://127.0.0.1:${port}`,
      timeoutMs: 300,
      cacheTtlMs,
      logger: { warn: (_details, message) => warnings.push(message) },
    });
  return { seen, client, warnings };
}

const jsonApi =
  (document: unknown, status = 200): Reply =>
  (_req, res) => {
    res.writeHead(status, { 'Content-Type': 'application/vnd.api+json' });
    res.end(JSON.stringify(document));
  };
const status = (code: number): Reply => jsonApi({ errors: [{ status: String(code), title: 'Ошибка', detail: 'stub says no' }] }, code);
const silence: Reply = () => undefined;
const tags = jsonApi({ data: [{ type: 'article-filters', id: 'seo', attributes: { slug: 'seo', title: 'SEO' } }] });

test('a server error is retried once and the second answer is used', async () => {
  const { seen, client } = await stub(status(503), tags);
  expect(await client().articleFilters()).toEqual([{ slug: 'seo', title: 'SEO' }]);
  expect(seen).toHaveLength(2);
});

test('a service that keeps failing gives ContentUnavailableError after exactly two attempts', async () => {
  const { seen, client } = await stub(status(500));
  await expect(client().articleFilters()).rejects.toThrow(ContentUnavailableError);
  expect(seen).toHaveLength(2);
});

test('a 400 is not retried: the query is wrong, asking again would not help', async () => {
  const { seen, client } = await stub(status(400));
  await expect(client().articleFilters()).rejects.toThrow(/HTTP 400: stub says no/);
  expect(seen).toHaveLength(1);
});

test('a service that never answers times out on each attempt instead of hanging the page', async () => {
  const { seen, client } = await stub(silence);
  await expect(client().articleFilters()).rejects.toThrow(/timed out after 300 ms/);
  expect(seen).toHaveLength(2);
});

test('a body that stops halfway is a timeout too', async () => {
  const { client } = await stub((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/vnd.api+json' });
    res.write('{"data": [');
  });
  await expect(client().articleFilters()).rejects.toThrow(ContentUnavailableError);
});

test('a response that is not JSON:API names the endpoint and the Content-Type', async () => {
  const { client } = await stub((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<h1>Maintenance</h1>');
  });
  const error = await client()
    .articleFilters()
    .catch((failure: unknown) => failure);
  expect(error).toBeInstanceOf(ContentResponseError);
  expect((error as ContentResponseError).field).toBe('Content-Type');
  expect((error as Error).message).toContain('GET /article-filters?fields[article-filters]=slug,title');
});

test('a body that is not JSON is a response error', async () => {
  const { client } = await stub((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/vnd.api+json' });
    res.end('{"data": [}');
  });
  await expect(client().articleFilters()).rejects.toMatchObject({ field: '(body)' });
});

test('a document without data is a response error naming data', async () => {
  const { client } = await stub(jsonApi({ meta: { total: 0 } }));
  await expect(client().articleFilters()).rejects.toMatchObject({ name: 'ContentResponseError', field: 'data' });
});

test('a list item with a field of the wrong type is left out, and the warning names its resource and field', async () => {
  const { client, warnings } = await stub(
    jsonApi({
      data: [
        { type: 'article-filters', id: 'seo', attributes: { slug: 'seo', title: 'SEO' } },
        { type: 'article-filters', id: 'x', attributes: { slug: 'x', title: 42 } },
      ],
    }),
  );
  expect(await client().articleFilters()).toEqual([{ slug: 'seo', title: 'SEO' }]);
  expect(warnings).toEqual(['content validation failed']);
});

test('a specialization whose link is not a site path or an http(s) URL is shown without it', async () => {
  for (const url of ['javascript:alert(1)', '//evil.example/', 'data:text/html,x']) {
    const { client } = await stub(
      jsonApi({
        data: [{ type: 'specializations', id: 'ecom', attributes: { slug: 'ecom', title: 'E-com', description: 'Магазины', url } }],
      }),
    );
    expect(await client().specializations(), url).toEqual([{ slug: 'ecom', title: 'E-com', description: 'Магазины', url: null }]);
  }
});

test('an article whose author was not included is rejected, not rendered half-empty', async () => {
  const { client } = await stub(
    jsonApi({
      data: {
        type: 'articles',
        id: 'a',
        attributes: {
          slug: 'a',
          title: 'A',
          description: 'D',
          date: '2026-01-01',
          updated: null,
          readingMinutes: 3,
          cover: '/images/articles/a.png',
          body: 'Текст',
        },
        relationships: { author: { data: { type: 'authors', id: '1' } }, tags: { data: [] } },
      },
    }),
  );
  await expect(client().article('a')).rejects.toMatchObject({
    name: 'ContentValidationError',
    field: 'data.author.name',
    resource: { type: 'authors', id: '1', field: 'name' },
  });
});

test('kebab-case member names arrive camelCase (§3)', async () => {
  const { client } = await stub(
    jsonApi({
      data: [{ type: 'project-filters', id: 'b2b', attributes: { slug: 'b2b', title: 'B2B', 'filter-type': 'industry' } }],
    }),
  );
  expect(await client().projectFilters()).toEqual([{ slug: 'b2b', title: 'B2B', filterType: 'industry' }]);
});

test('after an outage the last good content is served and the failure is logged', async () => {
  const { client, warnings } = await stub(tags, status(500));
  // A lifetime of 1 ms: a read a moment after the first is stale and asks the service again.
  const content = client(1);
  const first = await content.articleFilters();
  const read = async () => {
    expect(await content.articleFilters()).toEqual(first);
    return warnings;
  };
  await expect.poll(read).toContain('content request failed');
});

test('§8: a failing tag list is not fatal for the blog, which shows the toast', async () => {
  const { client } = await stub(status(500));
  expect(await client().articleFiltersOrFailure()).toEqual({ filters: [], failed: true });
  expect(TAG_LIST_FAILURE_MESSAGE).toBe('Не удалось получить список тегов');
});

test('the per-path redirect lookup answers null during an outage instead of taking pages down', async () => {
  const { client } = await stub(status(502));
  expect(await client().redirectFor('/o-kompanii/')).toBeNull();
});

test('a next link leaving the service is refused', async () => {
  const { client } = await stub(jsonApi({ data: [], links: { next: 'https://evil.example/steal' } }));
  await expect(client().vacancies()).rejects.toMatchObject({ field: 'links.next' });
});

test('a next link that only starts with the service URL is refused without being requested', async () => {
  const { seen, client } = await stub((req, res) => {
    const { port } = req.socket.address() as AddressInfo;
    jsonApi({ data: [], links: { next: `http://127.0.0.1:${port}@evil.example/steal` } })(req, res);
  });
  await expect(client().vacancies()).rejects.toMatchObject({ field: 'links.next' });
  expect(seen).toHaveLength(1);
});

test('health: ready when reachable, degraded with a cache, unavailable without one', async () => {
  const up = await stub(tags);
  expect(await up.client().health()).toEqual({ ready: true, status: 'ok' });

  const flaky = await stub(tags, status(500));
  const cached = flaky.client();
  await cached.articleFilters();
  const degraded = await cached.health();
  expect(degraded.ready).toBe(true);
  expect(degraded.status).toMatch(/^degraded: serving cached content/);

  const down = await stub(status(500));
  const cold = await down.client().health();
  expect(cold.ready).toBe(false);
  expect(cold.status).toMatch(/^unavailable: /);
});

test('the refresh job reloads the lists even while they are fresh', async () => {
  const { seen, client } = await stub(tags);
  const content = client();
  await content.articleFilters();
  const before = seen.filter((url) => url.startsWith('/article-filters')).length;
  const result = await content.refreshLists();
  expect(seen.filter((url) => url.startsWith('/article-filters')).length).toBe(before + 1);
  // The stub's tag list is no agency (the other lists only lose the records that are not theirs).
  expect(result.failed).toEqual(['agency']);
});
