import request from 'supertest';
import { expect, test } from 'vitest';
import { createTestApp } from '../../../../tests/support/testApp.ts';
import { SPEC_INDUSTRIES, SPEC_SERVICE_PAGES, SPEC_STATIC_PAGES } from '../../../../tests/routing/specification.ts';
import { validateSitemap } from '../../../../tests/support/validateSitemap.ts';

const ORIGIN = 'https://verf.test';
/** The pages of §2 that are no place to land from a search: the UI kit and the thank-you page after a request. */
const NOT_IN_SITEMAP = new Set<string>(['/_ui_kit/', '/success/request/']);

test('sitemap.xml follows the sitemap schema with absolute, trailing-slash URLs under PUBLIC_BASE_URL', async () => {
  const { app } = await createTestApp();
  const response = await request(app).get('/sitemap.xml');
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
  const urls = validateSitemap(response.text, ORIGIN);
  expect(new Set(urls.map((url) => url.loc)).size).toBe(urls.length);
});

test('sitemap.xml lists every page: fixed routes, every service, industry, tag, article, project and author', async () => {
  const { app } = await createTestApp();
  const locs = new Set(validateSitemap((await request(app).get('/sitemap.xml')).text, ORIGIN).map((url) => url.loc));
  for (const path of SPEC_STATIC_PAGES) expect(locs.has(`${ORIGIN}${path}`), path).toBe(!NOT_IN_SITEMAP.has(path));
  for (const path of SPEC_SERVICE_PAGES) expect(locs).toContain(`${ORIGIN}/services/${path}/`);
  for (const slug of SPEC_INDUSTRIES) expect(locs).toContain(`${ORIGIN}/projects/${slug}/`);
});

test('every record of the content appears with lastmod from its own dates', async () => {
  const { app, content } = await createTestApp();
  const urls = validateSitemap((await request(app).get('/sitemap.xml')).text, ORIGIN);
  const lastmodOf = new Map(urls.map((url) => [url.loc, url.lastmod]));
  const { items: articles } = await content.client.articles({ page: 1, pageSize: 1000 });
  const projects = await content.client.projects();
  const authors = await content.client.authors();
  const tags = await content.client.articleFilters();
  expect(articles.length).toBeGreaterThan(0);
  expect(projects.length).toBeGreaterThan(0);
  for (const article of articles) expect(lastmodOf.get(`${ORIGIN}/material/blog/${article.slug}/`)).toBe(article.updated ?? article.date);
  for (const project of projects) expect(lastmodOf.get(`${ORIGIN}/material/projects/${project.slug}/`)).toBe(project.date);
  for (const tag of tags) expect(lastmodOf.has(`${ORIGIN}/blog/${tag.slug}/`)).toBe(true);
  for (const author of authors) {
    expect(lastmodOf.has(`${ORIGIN}/blog/author/${author.slug}/`)).toBe(author.slug !== null);
  }
  expect(lastmodOf.get(`${ORIGIN}/blog/`)).toBe(
    articles
      .map((article) => article.updated ?? article.date)
      .sort()
      .at(-1),
  );
});

test('robots.txt keeps /api/ out, lets crawlers read the noindex pages, and points at the sitemap', async () => {
  const { app } = await createTestApp();
  const response = await request(app).get('/robots.txt');
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
  expect(response.text).toBe('User-agent: *\nDisallow: /api/\n\nSitemap: https://verf.test/sitemap.xml\n');
});
