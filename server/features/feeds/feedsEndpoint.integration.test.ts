import { statSync } from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import request from 'supertest';
import { expect, test } from 'vitest';
import { loadSeed } from '../../platform/content/service/loadSeed.ts';
import { startEditableContent } from '../../../tests/support/editableContent.ts';
import { signedRevalidation } from '../../../tests/support/signedRevalidation.ts';
import { createTestApp } from '../../../tests/support/testApp.ts';
import { escapeHtml } from '../../platform/http/escapeHtml.ts';
import { PATHS } from '../../platform/paths.ts';

const ORIGIN = 'https://verf.test';
const seed = loadSeed();
const blogPage = seed.pages.find((page) => page.slug === 'blog')!;
const authorOf = (id: number) => seed.authors.find((author) => author.id === id)!;
const tagTitle = (slug: string) => seed.articleFilters.find((tag) => tag.slug === slug)!.title;

/** The oracle: the seed's published articles (no draft), newest first by publication date, as the feeds must list them. */
function expectedArticles(tag?: string) {
  return seed.articles
    .filter((article) => !article.draft && (tag === undefined || article.tags.includes(tag)))
    .toSorted((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}
const articleUrl = (slug: string) => `${ORIGIN}/material/blog/${slug}/`;
const utc = (day: string) => new Date(`${day}T00:00:00Z`).toISOString();
const coverUrl = (slug: string) => `${ORIGIN}/images/articles/${slug}.png`;
/** The cover file's real size, what an enclosure's length says. */
const coverBytes = (slug: string) => String(statSync(path.join(PATHS.public, 'images', 'articles', `${slug}.png`)).size);
/** A description in a feed's HTML field: the text the site prints, as HTML (decision 038). */
const asHtml = (text: string) => `<p>${escapeHtml(text)}</p>`;

/** Elements that may repeat, read as lists whatever their count. */
const REPEATED = new Set([
  'rss.channel.item',
  'rss.channel.item.category',
  'rss.channel.item.author',
  'rss.channel.item.enclosure',
  'feed.link',
  'feed.entry',
  'feed.entry.link',
  'feed.entry.author',
]);
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (_name, jpath) => REPEATED.has(String(jpath)) });
const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

test('the RSS 2.0 feed lists every article, newest first, with absolute links, dates, author, summary, tags and cover', async () => {
  const { app } = await createTestApp();
  const response = await request(app).get('/blog/rss.xml');
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
  const { rss } = xml.parse(response.text) as {
    rss: { '@version': string; channel: Record<string, unknown> & { item: Record<string, unknown>[] } };
  };
  expect(rss['@version']).toBe('2.0');
  expect(rss.channel.title).toBe(blogPage.title);
  expect(rss.channel.description).toBe(blogPage.description);
  expect(list(rss.channel.link)).toContain(`${ORIGIN}/blog/`);
  expect(rss.channel.language).toBe('ru');

  const articles = expectedArticles();
  expect(articles.length).toBeGreaterThan(10);
  expect(rss.channel.item.map((item) => item.link)).toEqual(articles.map((article) => articleUrl(article.slug)));
  articles.forEach((article, index) => {
    const item = rss.channel.item[index]!;
    expect(item.title).toBe(article.title);
    expect(item.description).toBe(asHtml(article.description));
    expect(new Date(String(item.pubDate)).toISOString()).toBe(utc(article.date));
    // RSS 2.0's <author> is an e-mail address: the name is Dublin Core's creator.
    expect(item.author).toBeUndefined();
    expect(item['dc:creator']).toBe(authorOf(article.authorId).name);
    expect(list(item.category as { '#text': string }[]).map((category) => category['#text'] ?? category)).toEqual(
      article.tags.map(tagTitle),
    );
    expect(item.enclosure).toEqual([{ '@url': coverUrl(article.slug), '@type': 'image/png', '@length': coverBytes(article.slug) }]);
  });
});

test('the Atom feed carries each article’s publication and update dates and its author’s page', async () => {
  const { app } = await createTestApp();
  const response = await request(app).get('/blog/atom.xml');
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
  const { feed } = xml.parse(response.text) as { feed: Record<string, unknown> & { entry: Record<string, unknown>[] } };
  expect(feed.title).toBe(blogPage.title);
  expect(list(feed.link as { '@href': string; '@rel'?: string }[]).find((link) => link['@rel'] === 'self')?.['@href']).toBe(
    `${ORIGIN}/blog/atom.xml`,
  );

  const articles = expectedArticles();
  expect(articles.some((article) => article.updated !== undefined)).toBe(true);
  expect(feed.entry).toHaveLength(articles.length);
  articles.forEach((article, index) => {
    const entry = feed.entry[index]!;
    const links = list(entry.link as { '@href': string; '@rel'?: string; '@type'?: string }[]);
    expect(entry.id).toBe(articleUrl(article.slug));
    expect(links.find((link) => link['@rel'] === 'alternate')?.['@href']).toBe(articleUrl(article.slug));
    expect(links.find((link) => link['@rel'] === 'enclosure')).toEqual({
      '@rel': 'enclosure',
      '@href': coverUrl(article.slug),
      '@type': 'image/png',
      '@length': coverBytes(article.slug),
    });
    expect(entry.title).toMatchObject({ '#text': article.title });
    expect(entry.summary).toMatchObject({ '@type': 'html', '#text': asHtml(article.description) });
    expect(entry.published).toBe(utc(article.date));
    expect(entry.updated).toBe(utc(article.updated ?? article.date));
    const author = authorOf(article.authorId);
    expect(list(entry.author)).toEqual([
      author.slug === null ? { name: author.name } : { name: author.name, uri: `${ORIGIN}/blog/author/${author.slug}/` },
    ]);
  });
});

test('the JSON Feed lists the same articles with their cover and dates', async () => {
  const { app } = await createTestApp();
  const response = await request(app).get('/blog/feed.json');
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toBe('application/feed+json; charset=utf-8');
  const feed = JSON.parse(response.text) as { title: string; feed_url: string; items: Record<string, unknown>[] };
  expect(feed.title).toBe(blogPage.title);
  expect(feed.feed_url).toBe(`${ORIGIN}/blog/feed.json`);
  expect(feed.items).toEqual(
    expectedArticles().map((article) =>
      expect.objectContaining({
        id: articleUrl(article.slug),
        url: articleUrl(article.slug),
        title: article.title,
        content_html: asHtml(article.description),
        summary: article.description,
        image: coverUrl(article.slug),
        date_published: utc(article.date),
        date_modified: utc(article.updated ?? article.date),
        authors: [expect.objectContaining({ name: authorOf(article.authorId).name })],
      }),
    ),
  );
});

test('a tag’s feed lists only that tag’s articles and is named after it', async () => {
  const { app } = await createTestApp();
  const tag = seed.articleFilters.find((each) => expectedArticles(each.slug).length >= 2)!;
  const response = await request(app).get(`/blog/${tag.slug}/rss.xml`);
  expect(response.status).toBe(200);
  const { rss } = xml.parse(response.text) as { rss: { channel: { title: string; link: unknown; item: { link: string }[] } } };
  expect(rss.channel.title).toBe(`${tag.title} — ${blogPage.title}`);
  expect(list(rss.channel.link)).toContain(`${ORIGIN}/blog/${tag.slug}/`);
  expect(rss.channel.item.map((item) => item.link)).toEqual(expectedArticles(tag.slug).map((article) => articleUrl(article.slug)));
  expect(rss.channel.item.length).toBeLessThan(expectedArticles().length);
});

test('a tag in the wrong case is a 301 to the known slug’s feed; an unknown tag or file is not found', async () => {
  const { app } = await createTestApp();
  const tag = seed.articleFilters[0]!;
  const moved = await request(app).get(`/blog/${tag.slug.toUpperCase()}/atom.xml`);
  expect(moved.status).toBe(301);
  expect(moved.headers.location).toBe(`/blog/${tag.slug}/atom.xml`);
  expect((await request(app).get('/blog/no-such-tag/rss.xml')).status).toBe(404);
  expect((await request(app).get('/blog/author/rss.xml')).status).toBe(404);
  expect((await request(app).get('/blog/feed.xml')).status).toBe(404);
});

test('feeds are cached like pages and answer a repeated poll with 304', async () => {
  const { app } = await createTestApp();
  const first = await request(app).get('/blog/rss.xml');
  expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
  const etag = first.headers.etag as string;
  expect(etag).toMatch(/^"[\w-]+"$/);
  const again = await request(app).get('/blog/rss.xml').set('If-None-Match', etag);
  expect(again.status).toBe(304);
  expect(again.text).toBe('');
});

test('the blog and its tag pages announce their feeds in <head>, with absolute URLs', async () => {
  const { app } = await createTestApp();
  const alternates = (html: string) =>
    [...html.matchAll(/<link rel="alternate" type="([^"]+)" title="[^"]+" href="([^"]+)"/g)].map((match) => [match[1], match[2]]);
  const blog = await request(app).get('/blog/');
  expect(alternates(blog.text)).toEqual([
    ['application/rss+xml', `${ORIGIN}/blog/rss.xml`],
    ['application/atom+xml', `${ORIGIN}/blog/atom.xml`],
    ['application/feed+json', `${ORIGIN}/blog/feed.json`],
  ]);
  const tag = seed.articleFilters[0]!.slug;
  const tagPage = await request(app).get(`/blog/${tag}/`);
  expect(alternates(tagPage.text).map(([, href]) => href)).toEqual(
    ['rss.xml', 'atom.xml', 'feed.json'].map((file) => `${ORIGIN}/blog/${tag}/${file}`),
  );
  // Every feed announced is served.
  for (const [type, href] of [...alternates(blog.text), ...alternates(tagPage.text)]) {
    const feed = await request(app).get(new URL(href!).pathname);
    expect(feed.status, href).toBe(200);
    expect(feed.headers['content-type']).toBe(`${type}; charset=utf-8`);
  }
});

test('POST /api/revalidate refreshes the feeds at once', async () => {
  const article = expectedArticles()[0]!;
  const retitled = `${article.title} (обновлено)`;
  const cms = await startEditableContent([article.title, retitled]);
  try {
    const secret = 'feeds-revalidate-secret-42';
    // Content is fresh for an hour: only the revalidation can bring the edit in.
    const { app } = await createTestApp({ CONTENT_API_URL: cms.url, CONTENT_CACHE_TTL_MS: '3600000', REVALIDATE_SECRET: secret });
    const titles = async () => {
      const { rss } = xml.parse((await request(app).get('/blog/rss.xml')).text) as { rss: { channel: { item: { title: string }[] } } };
      return rss.channel.item.map((item) => item.title);
    };
    expect((await titles())[0]).toBe(article.title);
    cms.publish();
    expect((await titles())[0]).toBe(article.title);
    const call = signedRevalidation({ paths: ['/blog/'] }, secret);
    const revalidated = await request(app).post('/api/revalidate').set(call.headers).send(call.body);
    expect(revalidated.status).toBe(202);
    expect((await titles())[0]).toBe(retitled);
  } finally {
    await cms.close();
  }
});
