import express from 'express';
import request from 'supertest';
import { beforeAll, expect, test } from 'vitest';
import { loadSeed, type SeedContent } from './loadSeed.ts';
import { contentServiceRouter } from './router.ts';
import { createTestApp } from '../../../../tests/support/testApp.ts';
import { JSON_API_MEDIA_TYPE } from './mediaType.ts';
import { createContentService } from './service.ts';

let seed: SeedContent;
/** What the public reads: the seed without its unpublished articles (decision 021). */
const published = () => seed.articles.filter((article) => !article.draft);
let app: express.Express;
beforeAll(() => {
  seed = loadSeed();
  app = express();
  app.use('/api/content', contentServiceRouter(createContentService(seed, '/api/content')));
});

const get = (path: string) => request(app).get(`/api/content${path}`);

// A document is read field by field to assert it against the JSON:API rules; `unknown` would
// need a cast at each of the ~100 reads that `expect` already checks.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

/** The JSON:API 1.1 document rules this service claims (https://jsonapi.org/format/1.1/#document-structure). */
/**
 * Where an attribute value holds a `links` or `relationships` member: JSON:API 1.1 forbids them in
 * any object that constitutes or is contained in an attribute.
 */
function reservedMembersIn(value: unknown, at: string): string[] {
  if (Array.isArray(value)) return value.flatMap((each, index) => reservedMembersIn(each, `${at}[${index}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([name, member]) => [
    ...(name === 'links' || name === 'relationships' ? [`${at}.${name}`] : []),
    ...reservedMembersIn(member, `${at}.${name}`),
  ]);
}

function expectConformant(document: Json) {
  const members = Object.keys(document);
  expect(members.some((member) => ['data', 'errors', 'meta'].includes(member))).toBe(true);
  expect(members.includes('data') && members.includes('errors')).toBe(false);
  if (members.includes('included')) expect(members).toContain('data');
  expect(document.jsonapi).toEqual({ version: '1.1' });
  const resources: Json[] = [
    ...(Array.isArray(document.data) ? document.data : document.data ? [document.data] : []),
    ...(document.included ?? []),
  ];
  const keys = resources.map((resource) => `${resource.type}/${resource.id}`);
  expect(new Set(keys).size).toBe(keys.length);
  for (const resource of resources) {
    expect(typeof resource.type).toBe('string');
    expect(typeof resource.id).toBe('string');
    const attributes = Object.keys(resource.attributes ?? {});
    const relationships = Object.keys(resource.relationships ?? {});
    expect(attributes).not.toContain('id');
    expect(attributes).not.toContain('type');
    expect(attributes.filter((name) => relationships.includes(name))).toEqual([]);
    expect(reservedMembersIn(resource.attributes ?? {}, `${resource.type}/${resource.id}`)).toEqual([]);
    for (const relationship of Object.values<Json>(resource.relationships ?? {})) {
      expect(Object.keys(relationship).some((member) => ['data', 'links', 'meta'].includes(member))).toBe(true);
    }
    expect(typeof resource.links.self).toBe('string');
  }
}

/** Full linkage: every included resource is reached from the primary data through relationships. */
function expectFullLinkage(document: Json) {
  const primary: Json[] = Array.isArray(document.data) ? document.data : [document.data];
  const all = new Map<string, Json>(
    [...primary, ...(document.included ?? [])].map((resource) => [`${resource.type}/${resource.id}`, resource]),
  );
  const reached = new Set<string>();
  const visit = (resource: Json) => {
    for (const relationship of Object.values<Json>(resource.relationships ?? {})) {
      const linkage = Array.isArray(relationship.data) ? relationship.data : relationship.data ? [relationship.data] : [];
      for (const { type, id } of linkage) {
        const key = `${type}/${id}`;
        if (reached.has(key) || !all.has(key)) continue;
        reached.add(key);
        visit(all.get(key)!);
      }
    }
  };
  primary.forEach(visit);
  for (const resource of document.included ?? []) expect(reached).toContain(`${resource.type}/${resource.id}`);
}

test('documents are served as application/vnd.api+json with the JSON:API version', async () => {
  const response = await get('/article-filters?fields[article-filters]=slug,title');
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toBe(JSON_API_MEDIA_TYPE);
  expectConformant(response.body);
});

test('§7: the tag list request answers slug and title of every blog tag', async () => {
  const response = await get('/article-filters?fields[article-filters]=slug,title');
  expect(response.body.data.map((tag: Json) => tag.attributes)).toEqual(seed.articleFilters.map(({ slug, title }) => ({ slug, title })));
});

test('§7: the project filter request answers slug, title and filterType in menu order', async () => {
  const response = await get('/project-filters?fields[project-filters]=slug,title,filterType');
  expect(response.body.data.map((filter: Json) => filter.attributes)).toEqual(seed.projectFilters);
});

test('§3: the specializations are served with slug, title, description and url (null without one), in menu order', async () => {
  const response = await get('/specializations?fields[specializations]=slug,title,description,url');
  expect(response.status).toBe(200);
  expectConformant(response.body);
  expect(response.body.data.map((card: Json) => card.attributes)).toEqual(seed.specializations.map((card) => ({ url: null, ...card })));
  expect(response.body.data.map((card: Json) => card.id)).toEqual(seed.projectFilters.map((filter) => filter.slug));
});

test('sparse fieldsets leave out every field not asked for, in primary and included resources', async () => {
  const response = await get('/articles?fields[articles]=title,author&fields[authors]=name&include=author');
  expectConformant(response.body);
  for (const article of response.body.data) {
    expect(Object.keys(article.attributes)).toEqual(['title']);
    expect(Object.keys(article.relationships)).toEqual(['author']);
  }
  for (const author of response.body.included) expect(Object.keys(author.attributes)).toEqual(['name']);
});

test('include adds each related resource once, all reachable from the primary data', async () => {
  const response = await get('/articles?include=author,tags&page[size]=100');
  expectConformant(response.body);
  expectFullLinkage(response.body);
  const authorIds = new Set(response.body.data.map((article: Json) => article.relationships.author.data.id));
  expect(response.body.included.filter((resource: Json) => resource.type === 'authors')).toHaveLength(authorIds.size);
});

test('nested include paths reach the second level', async () => {
  const withRelated = seed.services.find((service) => service.relatedProjects.length > 0)!;
  expect(withRelated).toBeDefined();
  const response = await get(`/services/${withRelated.path}?include=relatedProjects.industry`);
  expectConformant(response.body);
  expectFullLinkage(response.body);
  expect(response.body.included.some((resource: Json) => resource.type === 'project-filters')).toBe(true);
});

test('services are addressed by their path', async () => {
  const response = await get('/services/razrabotka/razrabotka-saytov');
  expect(response.status).toBe(200);
  expect(response.body.data).toMatchObject({
    type: 'services',
    id: 'razrabotka/razrabotka-saytov',
    links: { self: '/api/content/services/razrabotka/razrabotka-saytov' },
  });
  expect(response.body.data.relationships.parent.data).toEqual({ type: 'services', id: 'razrabotka' });
});

test('filters select by tag, industry and slug', async () => {
  const tag = seed.articleFilters[0]!.slug;
  const byTag = await get(`/articles?filter[tag]=${tag}&page[size]=100`);
  expect(byTag.body.data.length).toBe(published().filter((article) => article.tags.includes(tag)).length);
  for (const article of byTag.body.data) expect(article.relationships.tags.data).toContainEqual({ type: 'article-filters', id: tag });

  const byIndustry = await get('/projects?filter[industry]=medicine&page[size]=100');
  expect(byIndustry.body.data.length).toBe(seed.projects.filter((project) => project.industry === 'medicine').length);

  const bySlug = await get('/authors?filter[slug]=redaktsiya');
  expect(bySlug.body.data.map((author: Json) => author.id)).toEqual(['12']);
});

test('sort orders the collection, descending with a minus', async () => {
  const newest = await get('/articles?sort=-date&fields[articles]=date&page[size]=100');
  const dates = newest.body.data.map((article: Json) => article.attributes.date);
  expect(dates).toEqual([...dates].sort().reverse());
  const oldest = await get('/articles?sort=date&fields[articles]=date&page[size]=100');
  expect(oldest.body.data.map((article: Json) => article.attributes.date)).toEqual([...dates].reverse());
});

test('pages come with first, last, prev and next links that lead through the whole collection', async () => {
  const first = await get('/articles?fields[articles]=slug&page[size]=5');
  expect(first.body.links.prev).toBeNull();
  expect(first.body.links.first).toBe('/api/content/articles?fields[articles]=slug&page[number]=1&page[size]=5');
  expect(first.body.meta.total).toBe(published().length);
  const seen: string[] = [];
  let link: string | null = first.body.links.self;
  while (link !== null) {
    const page = await request(app).get(link);
    expectConformant(page.body);
    seen.push(...page.body.data.map((article: Json) => article.id));
    link = page.body.links.next;
  }
  expect(seen.sort()).toEqual(
    published()
      .map((article) => article.slug)
      .sort(),
  );
});

test('an unknown id is a 404 error object', async () => {
  const response = await get('/articles/net-takoy-stati');
  expect(response.status).toBe(404);
  expect(response.headers['content-type']).toBe(JSON_API_MEDIA_TYPE);
  expectConformant(response.body);
  expect(response.body.errors[0]).toMatchObject({ status: '404', title: 'Resource not found' });
});

test.each([
  ['an unknown query parameter', '/articles?debug=1', 'debug'],
  ['an injection attempt in a filter', `/articles?filter[slug]=${encodeURIComponent("' OR 1=1")}`, 'filter[slug]'],
  ['a path traversal in a filter', `/articles?filter[slug]=${encodeURIComponent('../../etc/passwd')}`, 'filter[slug]'],
  ['a huge page size', '/articles?page[size]=100000', 'page[size]'],
  ['a negative page number', '/articles?page[number]=-1', 'page[number]'],
  ['an unknown include path', '/articles?include=comments', 'include'],
  ['an include path through a missing relationship', '/articles?include=author.articles', 'include'],
  ['an unknown filter', '/articles?filter[password]=x', 'filter[password]'],
  ['a filter no read of the site uses', '/vacancies?filter[employment]=internship', 'filter[employment]'],
  ['an unknown sort key', '/articles?sort=-secret', 'sort'],
  ['an unknown field', '/articles?fields[articles]=title,passwordHash', 'fields[articles]'],
  ['a fieldset for an unknown type', '/articles?fields[users]=name', 'fields[users]'],
  ['a repeated parameter', '/articles?sort=date&sort=title', 'sort'],
  ['paging a single resource', '/articles/kak-vybrat-cms?page[size]=1', 'page[size]'],
])('%s is a 400 JSON:API error object naming the parameter', async (_case, path, parameter) => {
  const response = await get(path);
  expect(response.status).toBe(400);
  expect(response.headers['content-type']).toBe(JSON_API_MEDIA_TYPE);
  expectConformant(response.body);
  expect(response.body.errors).toHaveLength(1);
  expect(response.body.errors[0]).toMatchObject({ status: '400', source: { parameter } });
});

test('a traversal in the path is a 400, never a file read', async () => {
  const response = await get('/articles/%2e%2e%2f%2e%2e%2fpackage.json');
  expect(response.status).toBe(400);
  expect(response.body.errors[0].status).toBe('400');
});

test('the service is read-only: other methods are 405 error objects', async () => {
  const response = await request(app).post('/api/content/articles').send({});
  expect(response.status).toBe(405);
  expect(response.headers.allow).toBe('GET, HEAD');
  expect(response.body.errors[0].status).toBe('405');
});

test('content negotiation: media type parameters are refused with 415 and 406', async () => {
  const unsupportedBody = await get('/articles').set('Content-Type', `${JSON_API_MEDIA_TYPE}; charset=utf-8`);
  expect(unsupportedBody.status).toBe(415);
  const unacceptable = await get('/articles').set('Accept', `${JSON_API_MEDIA_TYPE}; ext="https://example.com/ext"`);
  expect(unacceptable.status).toBe(406);
  const acceptable = await get('/articles').set('Accept', `${JSON_API_MEDIA_TYPE}; ext="x", ${JSON_API_MEDIA_TYPE}`);
  expect(acceptable.status).toBe(200);
  // A weight is not a media type parameter (JSON:API 1.1, RFC 9110 §12.5.1).
  const weighted = await get('/articles').set('Accept', `${JSON_API_MEDIA_TYPE};q=0.9`);
  expect(weighted.status).toBe(200);
  const foreign = await get('/articles').set('Accept', `${JSON_API_MEDIA_TYPE};charset=utf-8`);
  expect(foreign.status).toBe(406);
  expect(foreign.headers['content-type']).toBe(JSON_API_MEDIA_TYPE);
  expect(foreign.body.errors[0].status).toBe('406');
});

test('no attribute of any page holds a member JSON:API reserves (links, relationships), at any depth', async () => {
  const response = await get('/pages');
  expectConformant(response.body);
  expect(response.body.data.length).toBeGreaterThan(10);
  const success = response.body.data.find((page: Json) => page.attributes.slug === 'success-request');
  expect(success.attributes.blocks.next.shortcuts.map((link: Json) => link.url)).toEqual(['/projects/', '/blog/']);
});

test('content negotiation: a request carrying a body in another type than JSON:API is 415', async () => {
  const response = await request(app)
    .get('/api/content/articles')
    .set('Accept', JSON_API_MEDIA_TYPE)
    .set('Content-Type', 'application/json')
    .send('{"data":null}');
  expect(response.status).toBe(415);
  const profiled = await get('/articles').set('Content-Type', `${JSON_API_MEDIA_TYPE}; profile="https://example.com/p"`);
  expect(profiled.status).toBe(200);
});

test('the agency and its offices come as one compound document', async () => {
  const response = await get('/agency?include=offices');
  expectConformant(response.body);
  expectFullLinkage(response.body);
  expect(response.body.data.attributes.name).toBe(seed.agency.name);
  expect(response.body.included.map((office: Json) => office.attributes.city)).toEqual(seed.agency.offices.map((office) => office.city));
});

test('a crafted redirects filter that used to backtrack catastrophically is answered', async () => {
  // `/` + 60 letters + a character outside the pattern: 2^60 steps of backtracking with a nested
  // quantifier (docs/decisions/013-linear-regexps-and-type-aware-lint.md), years on any machine;
  // a linear pattern answers at once, so an answer at all is the check, however loaded the machine.
  const { app: site } = await createTestApp();
  const response = await request(site).get(`/api/content/redirects?filter[from]=${encodeURIComponent(`/${'a'.repeat(60)}!`)}`);
  expect(response.status).toBe(400);
  expect(response.body.errors[0].source).toEqual({ parameter: 'filter[from]' });
});

test('a redirects filter of a well-formed path is answered as before', async () => {
  const response = await get('/redirects?filter[from]=/uslugi/seo/');
  expect(response.status).toBe(200);
  expect(Array.isArray(response.body.data)).toBe(true);
});
