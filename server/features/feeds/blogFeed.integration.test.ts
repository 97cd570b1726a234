import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { expect, test } from 'vitest';
import { allArticles } from '../../../shared/content/allArticles.ts';
import { createTestApp } from '../../../tests/support/testApp.ts';
import { escapeHtml } from '../../platform/http/escapeHtml.ts';
import { renderBlogFeed, type BlogFeedSource } from './blogFeed.ts';

// Every text from the CMS reaches the feeds escaped for XML, whatever it contains: two CDATA
// ends, markup, ampersands (an escaped one too) and both quotes, in titles, descriptions and tag
// names. A feed that breaks out parses to other elements or does not parse at all.

const ORIGIN = 'https://verf.test';
const hostile = (where: string) => `${where} ]]><b>x</b> & &amp; "q" 'a' ]]> <i> ]]]]> <![CDATA[ конец`;

async function hostileSource(): Promise<BlogFeedSource> {
  const { content } = await createTestApp();
  const articles = (await allArticles(content.client)).slice(0, 3);
  const tag = articles[0]!.tags[0]!;
  const renamedTag = { ...tag, title: hostile('tag') };
  return {
    blog: { title: hostile('blog title'), description: hostile('blog description') },
    tag: renamedTag,
    articles: articles.map((article, index) => ({
      ...article,
      title: hostile(`title ${index}`),
      description: hostile(`description ${index}`),
      author: { ...article.author, name: hostile(`author ${index}`) },
      tags: article.tags.map((each) => (each.slug === tag.slug ? renamedTag : { ...each, title: hostile(each.slug) })),
    })),
  };
}

/** A description in a feed's HTML field: the text the site prints, as HTML (decision 038). */
const asHtml = (text: string) => `<p>${escapeHtml(text)}</p>`;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  // Texts as they are: no number parsing, no trimming.
  parseTagValue: false,
  trimValues: false,
  isArray: (name) => ['item', 'entry', 'category', 'link'].includes(name),
});

/** The parts of an RSS document the tests read. */
interface RssDocument {
  rss: {
    channel: {
      title: string;
      description: string;
      item: { title: string; description: string; 'dc:creator': string; category: string[] }[];
    };
  };
}

/** The parts of an Atom document the tests read. */
interface AtomDocument {
  feed: {
    title: string;
    subtitle: string;
    entry: { title: { '#text': string }; summary: { '#text': string }; author: { name: string }; category: { '@label': string }[] }[];
  };
}

/** The hostile source's feed in `format`, checked well-formed, then parsed. */
async function hostileXmlFeed<Parsed>(format: 'rss' | 'atom'): Promise<{ source: BlogFeedSource; parsed: Parsed }> {
  const source = await hostileSource();
  const text = renderBlogFeed(source, format, ORIGIN);
  expect(XMLValidator.validate(text), format).toBe(true);
  return { source, parsed: parser.parse(text) as Parsed };
}

test('RSS: hostile CMS texts leave the feed well-formed and come back intact', async () => {
  const { source, parsed } = await hostileXmlFeed<RssDocument>('rss');
  const { channel } = parsed.rss;
  expect(channel.title).toBe(`${hostile('tag')} — ${hostile('blog title')}`);
  expect(channel.description).toBe(hostile('blog description'));
  expect(channel.item).toHaveLength(source.articles.length);
  const sorted = channel.item.map((item) => item.title).toSorted();
  expect(sorted).toEqual(source.articles.map((article) => article.title).toSorted());
  for (const item of channel.item) {
    const article = source.articles.find((each) => each.title === item.title)!;
    expect(item.description).toBe(asHtml(article.description));
    expect(item['dc:creator']).toBe(article.author.name);
    expect(item.category).toEqual(article.tags.map((tag) => tag.title));
    // Nothing of a text became an element.
    expect(Object.keys(item)).not.toContain('b');
  }
});

test('Atom: hostile CMS texts, a tag name in an attribute included, leave the feed well-formed and intact', async () => {
  const { source, parsed } = await hostileXmlFeed<AtomDocument>('atom');
  const { feed } = parsed;
  expect(feed.title).toBe(`${hostile('tag')} — ${hostile('blog title')}`);
  expect(feed.subtitle).toBe(hostile('blog description'));
  expect(feed.entry).toHaveLength(source.articles.length);
  for (const entry of feed.entry) {
    const article = source.articles.find((each) => each.title === entry.title['#text'])!;
    expect(article).toBeDefined();
    expect(entry.summary['#text']).toBe(asHtml(article.description));
    expect(entry.author.name).toBe(article.author.name);
    expect(entry.category.map((category) => category['@label'])).toEqual(article.tags.map((tag) => tag.title));
  }
});

test('JSON Feed: hostile CMS texts come back intact', async () => {
  const source = await hostileSource();
  const feed = JSON.parse(renderBlogFeed(source, 'json', ORIGIN)) as {
    title: string;
    items: { title: string; content_html: string; summary: string; tags: string[]; authors: { name: string }[] }[];
  };
  expect(feed.title).toBe(`${hostile('tag')} — ${hostile('blog title')}`);
  for (const item of feed.items) {
    const article = source.articles.find((each) => each.title === item.title)!;
    expect(article).toBeDefined();
    expect(item.content_html).toBe(asHtml(article.description));
    expect(item.summary).toBe(article.description);
    expect(item.authors.map((author) => author.name)).toEqual([article.author.name]);
    expect(item.tags).toEqual(article.tags.map((tag) => tag.title));
  }
});

test('characters XML cannot carry at all become U+FFFD, and the feed still parses', async () => {
  const source = await hostileSource();
  const first = source.articles[0]!;
  const withControls = { ...source, articles: [{ ...first, title: 'a\u0000b\u0008c\uFFFEd\uD800e' }] };
  for (const format of ['rss', 'atom'] as const) {
    const text = renderBlogFeed(withControls, format, ORIGIN);
    expect(XMLValidator.validate(text), format).toBe(true);
    expect(text).toContain('a\uFFFDb\uFFFDc\uFFFDd\uFFFDe');
  }
});

/** The elements an HTML fragment would make in a reader: the names of its start tags. */
const startTags = (html: string) => [...html.matchAll(/<([a-z][a-z0-9]*)/gi)].map((match) => match[1]!.toLowerCase());

test('a description with markup that runs script reaches no feed as markup: readers show it as the site does, as text', async () => {
  const source = await hostileSource();
  const attack = '<img src=x onerror=alert(document.cookie)><script>alert(1)</script><a href="javascript:alert(2)">ссылка</a>';
  const attacked = { ...source, articles: source.articles.map((article) => ({ ...article, description: attack })) };

  const rss = parser.parse(renderBlogFeed(attacked, 'rss', ORIGIN)) as RssDocument;
  const atom = parser.parse(renderBlogFeed(attacked, 'atom', ORIGIN)) as AtomDocument;
  const json = JSON.parse(renderBlogFeed(attacked, 'json', ORIGIN)) as { items: { content_html: string; summary: string }[] };
  const htmlFields = [
    ...rss.rss.channel.item.map((item) => item.description),
    ...atom.feed.entry.map((entry) => entry.summary['#text']),
    ...json.items.map((item) => item.content_html),
  ];
  expect(htmlFields).toHaveLength(3 * source.articles.length);
  for (const html of htmlFields) {
    // What a reader renders: one paragraph whose text is the description, characters and all.
    expect(startTags(html)).toEqual(['p']);
    expect(html).toBe(asHtml(attack));
  }
  for (const item of json.items) expect(item.summary).toBe(attack);
});
