import { describe, expect, test } from 'vitest';
import { loadSeed } from '../../server/platform/content/service/loadSeed.ts';
import { h1Of, useRoutingApp } from './routingApp.ts';
import {
  SPEC_AUTHOR_IDS,
  SPEC_AUTHORS_WITHOUT_SLUG,
  SPEC_EDITORIAL_AUTHOR,
  SPEC_INDUSTRIES,
  SPEC_NOT_FOUND_TITLE,
} from './specification.ts';

const app = useRoutingApp();
const loaded = loadSeed();
/** What visitors see: the seed without its unpublished articles (decision 021). */
const seed = { ...loaded, articles: loaded.articles.filter((article) => !article.draft) };

async function expectNotFound(path: string) {
  const response = await app.get(path);
  expect(response.status, path).toBe(404);
  expect(h1Of(response.text), path).toBe(SPEC_NOT_FOUND_TITLE);
}

describe('§2/§5 project pages by industry', () => {
  test("the content service's project filters are the 12 industries of §2, in menu order", () => {
    expect(seed.projectFilters.map((filter) => filter.slug)).toEqual([...SPEC_INDUSTRIES]);
  });

  test.each(SPEC_INDUSTRIES)('/projects/%s/ renders with 200', async (slug) => {
    const response = await app.get(`/projects/${slug}/`);
    expect(response.status).toBe(200);
    expect(response.text).toContain(`<link rel="canonical" href="https://verf.test/projects/${slug}/"/>`);
  });

  test.each(SPEC_INDUSTRIES)('/projects/%s must match exactly: its uppercase form is not found', async (slug) => {
    await expectNotFound(`/projects/${slug.toUpperCase()}/`);
  });

  test.each(['government', 'medicina', 'ecommerce', 'net', '1', 'medicine-'])(
    'an unknown industry /projects/%s/ is not found',
    async (slug) => {
      await expectNotFound(`/projects/${slug}/`);
    },
  );
});

describe('§5 blog tags', () => {
  const tags = seed.articleFilters.map((tag) => tag.slug);

  test('there are blog tags to check', () => {
    expect(tags.length).toBeGreaterThanOrEqual(6);
  });

  test.each(tags)('/blog/%s/ renders with 200', async (slug) => {
    expect((await app.get(`/blog/${slug}/`)).status).toBe(200);
  });

  test.each(tags)('/blog/%s in uppercase gets one 301 to the known slug', async (slug) => {
    await app.expectOneHop(`/blog/${slug.toUpperCase()}/`, `/blog/${slug}/`);
    await app.expectOneHop(`/blog/${slug.toUpperCase()}`, `/blog/${slug}/`);
  });

  test.each(tags)('/blog/%s in mixed case gets one 301 to the known slug, query kept', async (slug) => {
    const mixed = slug.charAt(0).toUpperCase() + slug.slice(1);
    await app.expectOneHop(`/blog/${mixed}/?utm_source=ya`, `/blog/${slug}/?utm_source=ya`);
  });

  test('the 301 of a wrong case says "Moved to /blog/{slug}/" (§8)', async () => {
    const response = await app.get(`/blog/${tags[0]!.toUpperCase()}/`);
    expect(response.status).toBe(301);
    expect(response.text).toBe(`Moved to /blog/${tags[0]}/`);
  });

  test('a client navigation with the wrong case is told the known slug', async () => {
    const response = await app.data(`/blog/${tags[0]!.toUpperCase()}/`, 'blog-tag');
    expect(response.body).toEqual({ redirect: `/blog/${tags[0]}/`, status: 301 });
  });

  test.each(['kotiki', 'KOTIKI', 'seo-', 'razrabotka2', '%D1%81%D0%B5%D0%BE'])('an unknown tag /blog/%s/ is not found', async (slug) => {
    await expectNotFound(`/blog/${slug}/`);
  });
});

describe('§2 redirect-author', () => {
  const authors = new Map(seed.authors.map((author) => [author.id, author.slug]));

  test("the content service's author map covers ids 1–16; 9 and 10 have no slug; 12 is the editorial slug", () => {
    expect([...authors.keys()].sort((a, b) => a - b)).toEqual(SPEC_AUTHOR_IDS);
    for (const id of SPEC_AUTHORS_WITHOUT_SLUG) expect(authors.get(id)).toBeNull();
    expect(authors.get(SPEC_EDITORIAL_AUTHOR.id)).toBe(SPEC_EDITORIAL_AUTHOR.slug);
  });

  test.each(SPEC_AUTHOR_IDS.filter((id) => !(SPEC_AUTHORS_WITHOUT_SLUG as readonly number[]).includes(id)))(
    '/blog/author/%i/ gets one 301 to the author page by slug',
    async (id) => {
      const slug = authors.get(id)!;
      await app.expectOneHop(`/blog/author/${id}/`, `/blog/author/${slug}/`);
      await app.expectOneHop(`/blog/author/${id}`, `/blog/author/${slug}/`);
    },
  );

  test('author 12 lands on the editorial page', async () => {
    await app.expectOneHop('/blog/author/12/', `/blog/author/${SPEC_EDITORIAL_AUTHOR.slug}/`);
  });

  test.each([...SPEC_AUTHORS_WITHOUT_SLUG])('/blog/author/%i/ has no author page: 404', async (id) => {
    await expectNotFound(`/blog/author/${id}/`);
  });

  test.each(['0', '17', '99', '999999', '-1', '1.5', '1e1', 'nobody'])('/blog/author/%s/ is not found', async (id) => {
    await expectNotFound(`/blog/author/${id}/`);
  });

  test.each(seed.authors.filter((author) => author.slug !== null).map((author) => author.slug!))(
    'the author page /blog/author/%s/ renders with 200',
    async (slug) => {
      expect((await app.get(`/blog/author/${slug}/`)).status).toBe(200);
    },
  );
});

describe('content material pages', () => {
  test('every article and case study renders at its material path; unknown slugs are not found', async () => {
    for (const article of seed.articles.slice(0, 3)) expect((await app.get(`/material/blog/${article.slug}/`)).status).toBe(200);
    for (const project of seed.projects.slice(0, 3)) expect((await app.get(`/material/projects/${project.slug}/`)).status).toBe(200);
    await expectNotFound('/material/blog/net-takoy-stati/');
    await expectNotFound('/material/projects/net-takogo-proekta/');
  });

  test('a material path in another letter case is one 301 to its canonical URL (one URL per page)', async () => {
    const slug = seed.articles[0]!.slug;
    await app.expectOneHop(`/material/blog/${slug.toUpperCase()}/`, `/material/blog/${slug}/`);
  });
});
