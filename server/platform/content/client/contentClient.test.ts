import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadSeed, type SeedContent } from '../service/loadSeed.ts';
import { startContentApi, type RunningContentApi } from '../service/standalone.ts';
import { ContentClient } from './contentClient.ts';
import type { Transport } from './transport.ts';

// The client against a real instance of the embedded service on 127.0.0.1 (`npm run content-api`).

let seed: SeedContent;
/** What the public reads: the seed without its unpublished articles (decision 021). */
const published = () => seed.articles.filter((article) => !article.draft);
let api: RunningContentApi;
const requested: string[] = [];

const quietLogger = { warn: () => undefined };

function client(options: { transport?: Transport } = {}) {
  return new ContentClient({
    baseUrl: api.url,
    timeoutMs: 2000,
    cacheTtlMs: 60_000,
    logger: quietLogger,
    transport:
      options.transport ??
      ((url, init) => {
        requested.push(url.slice(api.url.length));
        return fetch(url, init);
      }),
  });
}

beforeAll(async () => {
  seed = loadSeed();
  api = await startContentApi({
    port: 0,
    host: '127.0.0.1',
    seed: {
      ...seed,
      redirects: [
        { from: '/o-kompanii/', to: '/about/' },
        { from: '/partners/', to: 'https://partners.verf.digital/' },
      ],
    },
  });
});
afterAll(() => api.close());

/** The lists read in one request, with the request §7 writes out and what arrives. */
const LIST_REQUESTS = [
  {
    name: '§7: blog tags are requested as GET {api}/article-filters?fields[article-filters]=slug,title',
    read: (content: ContentClient) => content.articleFilters(),
    request: '/article-filters?fields[article-filters]=slug,title',
    expected: () => seed.articleFilters,
  },
  {
    name: '§3: specializations are requested with their four fields and arrive with url or null',
    read: (content: ContentClient) => content.specializations(),
    request: '/specializations?fields[specializations]=slug,title,description,url',
    expected: () => seed.specializations.map((card) => ({ url: null, ...card })),
  },
  {
    name: '§7: project filters are requested with fields slug,title,filterType and keep menu order',
    read: (content: ContentClient) => content.projectFilters(),
    request: '/project-filters?fields[project-filters]=slug,title,filterType',
    expected: () => seed.projectFilters,
  },
];

test.each(LIST_REQUESTS)('$name', async ({ read, request, expected }) => {
  requested.length = 0;
  const list = await read(client());
  expect(requested).toEqual([request]);
  expect(list).toEqual(expected());
});

test('the agency comes with both offices, head office first, as plain camelCase objects', async () => {
  const agency = await client().agency();
  expect(agency.name).toBe(seed.agency.name);
  expect(agency.offices[0]?.isHeadOffice).toBe(true);
  expect(agency.offices.map((office) => office.city).sort()).toEqual(seed.agency.offices.map((office) => office.city).sort());
  expect(agency.offices[0]).toEqual(expect.objectContaining({ phone: expect.stringMatching(/^\+7/), geo: expect.any(Object) }));
  expect(agency.emails).toEqual(seed.agency.emails);
  expect(Object.keys(agency)).not.toContain('relationshipNames');
});

test('the services tree nests children under their parents in menu order', async () => {
  const tree = await client().services();
  const razrabotka = tree.find((node) => node.path === 'razrabotka')!;
  const sites = razrabotka.children.find((node) => node.path === 'razrabotka/razrabotka-saytov')!;
  expect(sites.children.length).toBe(seed.services.filter((service) => service.path.startsWith('razrabotka/razrabotka-saytov/')).length);
  const seo = tree.find((node) => node.path === 'prodvizhenie')!.children.find((node) => node.path === 'prodvizhenie/seo')!;
  expect(seo.children.map((node) => node.path)).toEqual(expect.arrayContaining(['prodvizhenie/seo/blog', 'prodvizhenie/seo/e-commerce']));
  const orders = tree.map((node) => node.order);
  expect(orders).toEqual([...orders].sort((a, b) => a - b));
});

test('a service page has its words, its sub-services, its parent and its related cases', async () => {
  const service = (await client().service('razrabotka/razrabotka-saytov'))!;
  const source = seed.services.find((item) => item.path === 'razrabotka/razrabotka-saytov')!;
  expect(service.title).toBe(source.title);
  expect(service.faq).toEqual(source.faq);
  expect(service.parentPath).toBe('razrabotka');
  expect(service.children.length).toBeGreaterThan(0);
  expect(service.relatedProjects.map((project) => project.slug)).toEqual(source.relatedProjects);
  for (const project of service.relatedProjects) expect(project.industry.title).toEqual(expect.any(String));
});

test('an unknown or malformed record is null, and a malformed one is never requested', async () => {
  const content = client();
  expect(await content.service('razrabotka/net-takoy')).toBeNull();
  expect(await content.article('net-takoy-stati')).toBeNull();
  expect(await content.project('net-takogo-proekta')).toBeNull();
  requested.length = 0;
  expect(await content.service('../etc/passwd')).toBeNull();
  expect(await content.article("' OR 1=1")).toBeNull();
  expect(await content.author('Анна')).toBeNull();
  expect(requested).toEqual([]);
});

test('articles come a page at a time, newest first, with authors and tags resolved', async () => {
  const page = await client().articles({ page: 1, pageSize: 5 });
  expect(page.total).toBe(published().length);
  expect(page.pageCount).toBe(Math.ceil(published().length / 5));
  expect(page.items).toHaveLength(Math.min(5, published().length));
  const dates = page.items.map((item) => item.date);
  expect(dates).toEqual([...dates].sort().reverse());
  for (const item of page.items) {
    expect(item.author.name).toEqual(expect.any(String));
    expect(item.tags.length).toBeGreaterThan(0);
    expect(item.cover).toBe(`/images/articles/${item.slug}.png`);
    expect(item).not.toHaveProperty('body');
  }
});

test('articles filter by tag and by author', async () => {
  const tag = seed.articleFilters[0]!.slug;
  const byTag = await client().articles({ tag, page: 1, pageSize: 100 });
  expect(byTag.total).toBe(published().filter((article) => article.tags.includes(tag)).length);
  const authorId = published()[0]!.authorId;
  const byAuthor = await client().articles({ authorId, page: 1, pageSize: 100 });
  expect(byAuthor.items.every((item) => item.author.id === authorId)).toBe(true);
  expect(byAuthor.total).toBe(published().filter((article) => article.authorId === authorId).length);
});

test('an article body is rendered to HTML', async () => {
  const slug = published()[0]!.slug;
  const article = (await client().article(slug))!;
  expect(article.html).toMatch(/<(p|h2)>/);
  expect(article.author.slug).toEqual(expect.any(String));
  expect(article).not.toHaveProperty('body');
});

test('authors are found by number or by slug; 9 and 10 have no slug', async () => {
  const content = client();
  expect((await content.author(12))?.slug).toBe('redaktsiya');
  expect((await content.author('redaktsiya'))?.id).toBe(12);
  expect((await content.author(9))?.slug).toBeNull();
  expect(await content.author(99)).toBeNull();
  expect(await content.authors()).toHaveLength(seed.authors.length);
});

test('projects filter by industry and featured; a case study has its services and body', async () => {
  const content = client();
  const medicine = await content.projects({ industry: 'medicine' });
  expect(medicine.length).toBe(seed.projects.filter((project) => project.industry === 'medicine').length);
  expect(medicine.every((project) => project.industry.slug === 'medicine')).toBe(true);
  const featured = await content.projects({ featured: true });
  expect(featured.length).toBe(seed.projects.filter((project) => project.featured).length);
  const source = seed.projects[0]!;
  const project = (await content.project(source.slug))!;
  expect(project.services.map((service) => service.path)).toEqual(source.services);
  expect(project.html).toContain('<h2>');
});

test('vacancies, documents and pages', async () => {
  const content = client();
  const vacancies = await content.vacancies();
  expect(vacancies.find((vacancy) => vacancy.slug === 'stazhirovka')?.employment).toBe('internship');
  expect((await content.vacancy('stazhirovka'))?.html).toEqual(expect.any(String));
  const documents = await content.documents();
  expect(documents.map((document) => document.order)).toEqual([...documents.map((document) => document.order)].sort((a, b) => a - b));
  expect((await content.document(documents[0]!.slug))?.html).toEqual(expect.any(String));
  const home = seed.pages.find((page) => page.slug === 'home');
  expect(home).toBeDefined();
  expect((await content.page('home'))?.title).toBe(home?.title);
});

test('§2 per-path lookup: a redirect target for a known path, with or without the trailing slash', async () => {
  const content = client();
  expect(await content.redirectFor('/o-kompanii/')).toBe('/about/');
  expect(await content.redirectFor('/o-kompanii')).toBe('/about/');
  expect(await content.redirectFor('/partners/')).toBe('https://partners.verf.digital/');
  expect(await content.redirectFor('/services/')).toBeNull();
});

test('responses are cached: the same request is made once', async () => {
  const content = client();
  requested.length = 0;
  await content.projectFilters();
  await content.projectFilters();
  expect(requested).toHaveLength(1);
});

test('the refresh job reloads the lists pages read and they keep their shape', async () => {
  const content = client();
  const before = {
    agency: await content.agency(),
    services: await content.services(),
    tags: await content.articleFilters(),
    filters: await content.projectFilters(),
  };
  requested.length = 0;
  expect(await content.refreshLists()).toEqual({ refreshed: 5, failed: [] });
  expect(requested).toEqual(
    expect.arrayContaining([
      '/article-filters?fields[article-filters]=slug,title',
      '/project-filters?fields[project-filters]=slug,title,filterType',
      '/agency?include=offices',
    ]),
  );
  expect({
    agency: await content.agency(),
    services: await content.services(),
    tags: await content.articleFilters(),
    filters: await content.projectFilters(),
  }).toEqual(before);
  expect(await content.redirectFor('/o-kompanii/')).toBe('/about/');
});

test('a publish of redirects names the paths it changed, from and to, and no other', async () => {
  // The service's list as the CMS changes it: /o-kompanii/ retargeted, /partners/ removed, /vesna/ added.
  let edited = false;
  const content = client({
    transport: async (url, init) => {
      const response = await fetch(url, init);
      if (!edited || !new URL(url).pathname.endsWith('/redirects')) return response;
      const document = (await response.json()) as { data: { attributes: { from: string; to: string } }[] };
      document.data = [
        { ...document.data[0]!, attributes: { from: '/o-kompanii/', to: '/about/team/' } },
        { ...document.data[0]!, id: '/vesna/', attributes: { from: '/vesna/', to: '/contacts/?utm=1' } },
      ] as typeof document.data;
      return new Response(JSON.stringify(document), { status: 200, headers: response.headers });
    },
  });
  expect(await content.redirectFor('/o-kompanii/')).toBe('/about/');
  edited = true;
  expect(new Set(await content.redirectChanges())).toEqual(
    new Set(['/o-kompanii/', '/about/', '/about/team/', '/partners/', '/vesna/', '/contacts/']),
  );
  // The list read now is the new one, and nothing changed since.
  expect(await content.redirectFor('/vesna/')).toBe('/contacts/?utm=1');
  expect(await content.redirectChanges()).toEqual([]);
});

test("a CMS's published record is read afresh and refused by name when a required field does not validate", async () => {
  const broken = published()[0]!.slug;
  const content = client({
    transport: async (url, init) => {
      const response = await fetch(url, init);
      if (!new URL(url).pathname.endsWith(`/articles/${broken}`)) return response;
      const document = (await response.json()) as { data: { attributes: Record<string, unknown> } };
      document.data.attributes.title = 42;
      return new Response(JSON.stringify(document), { status: 200, headers: response.headers });
    },
  });
  const valid = published()[1]!.slug;
  const refused = await content.refusedRecords([
    { type: 'articles', id: broken },
    { type: 'articles', id: valid },
    { type: 'articles', id: 'not-written-yet' },
    { type: 'node--unknown', id: 'x' },
  ]);
  expect(refused).toEqual([{ type: 'articles', id: broken, reason: expect.stringContaining('title') }]);
});
