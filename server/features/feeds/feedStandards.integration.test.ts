import { statSync } from 'node:fs';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import request from 'supertest';
import { expect, test } from 'vitest';
import { loadSeed } from '../../platform/content/service/loadSeed.ts';
import { createTestApp } from '../../../tests/support/testApp.ts';
import { PATHS } from '../../platform/paths.ts';

// Each feed checked against its standard's own rules, not against our renderer: JSON Feed 1.1
// (https://jsonfeed.org/version/1.1), RSS 2.0 (https://www.rssboard.org/rss-specification) and
// Atom (RFC 4287), for the blog's feed and a tag's.

const seed = loadSeed();
const tag = seed.articleFilters.find((each) => seed.articles.some((article) => !article.draft && article.tags.includes(each.slug)))!;
const FEEDS = ['/blog/', `/blog/${tag.slug}/`];

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
});
type Node = Record<string, unknown[]>;
const one = (node: Node, name: string) => node[name]?.[0] as Node | string | undefined;
const textOf = (value: unknown): string => {
  if (typeof value === 'string') return value;
  const text = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)['#text'] : undefined;
  return typeof text === 'string' ? text : '';
};
const isAbsoluteUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\/[^\s/]+\/\S*$/.test(value);
const RFC3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)$/;
const EMAIL = /^[^\s@]+@[^\s@]+(?: \(.+\))?$/;
/** The size of a file the site serves from public/, by its absolute URL. */
const servedBytes = (url: string) => statSync(path.join(PATHS.public, new URL(url).pathname)).size;

async function feed(file: string) {
  const { app } = await createTestApp();
  return Promise.all(FEEDS.map(async (base) => (await request(app).get(`${base}${file}`)).text));
}

test('the JSON Feeds follow JSON Feed 1.1: version, required members, authors arrays, no deprecated author', async () => {
  for (const text of await feed('feed.json')) {
    const json = JSON.parse(text) as Record<string, unknown> & { items: Record<string, unknown>[] };
    expect(json.version).toBe('https://jsonfeed.org/version/1.1');
    expect(typeof json.title).toBe('string');
    expect(isAbsoluteUrl(json.home_page_url) && isAbsoluteUrl(json.feed_url)).toBe(true);
    expect(json.author).toBeUndefined();
    expect(Array.isArray(json.items) && json.items.length > 0).toBe(true);
    const authorsValid = (authors: unknown) =>
      Array.isArray(authors) &&
      authors.length > 0 &&
      authors.every((author: Record<string, unknown>) => typeof author.name === 'string' || typeof author.url === 'string');
    expect(authorsValid(json.authors)).toBe(true);
    const ids = new Set<unknown>();
    for (const item of json.items) {
      // An item has a unique string id and content_html or content_text.
      expect(typeof item.id).toBe('string');
      ids.add(item.id);
      expect(typeof item.content_html === 'string' || typeof item.content_text === 'string').toBe(true);
      expect(item.author).toBeUndefined();
      expect(authorsValid(item.authors)).toBe(true);
      for (const key of ['url', 'image']) expect(isAbsoluteUrl(item[key]), key).toBe(true);
      for (const key of ['date_published', 'date_modified']) expect(String(item[key])).toMatch(RFC3339);
      expect(Array.isArray(item.tags) && (item.tags as unknown[]).every((each) => typeof each === 'string')).toBe(true);
    }
    expect(ids.size).toBe(json.items.length);
  }
});

test('the RSS feeds follow RSS 2.0: channel elements, items with a title, authors as Dublin Core creators, enclosures with their real length', async () => {
  for (const text of await feed('rss.xml')) {
    expect(XMLValidator.validate(text)).toBe(true);
    const rss = one(xml.parse(text) as Node, 'rss') as Node;
    expect(rss['@version']).toBe('2.0');
    expect(rss['@xmlns:dc']).toBe('http://purl.org/dc/elements/1.1/');
    const channel = one(rss, 'channel') as Node;
    for (const name of ['title', 'link', 'description']) expect(textOf(one(channel, name)), name).not.toBe('');
    expect(new Date(textOf(one(channel, 'lastBuildDate'))).getTime()).not.toBeNaN();
    const items = channel.item as Node[];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(textOf(one(item, 'title')) !== '' || textOf(one(item, 'description')) !== '').toBe(true);
      expect(new Date(textOf(one(item, 'pubDate'))).getTime()).not.toBeNaN();
      for (const author of item.author ?? []) expect(textOf(author)).toMatch(EMAIL);
      expect(textOf(one(item, 'dc:creator'))).not.toBe('');
      const enclosures = (item.enclosure ?? []) as Node[];
      expect(enclosures).toHaveLength(1);
      for (const enclosure of enclosures) {
        const url = enclosure['@url'] as unknown as string;
        expect(isAbsoluteUrl(url)).toBe(true);
        expect(enclosure['@type']).toMatch(/^image\//);
        expect(Number(enclosure['@length'])).toBe(servedBytes(url));
        expect(Number(enclosure['@length'])).toBeGreaterThan(0);
      }
    }
  }
});

test('the Atom feeds follow RFC 4287: id, title, updated and author on the feed and every entry, enclosures with their length', async () => {
  const ATOM = 'http://www.w3.org/2005/Atom';
  for (const text of await feed('atom.xml')) {
    expect(XMLValidator.validate(text)).toBe(true);
    const atom = one(xml.parse(text) as Node, 'feed') as Node;
    expect(atom['@xmlns']).toBe(ATOM);
    const links = (node: Node) => (node.link ?? []) as Node[];
    const rel = (link: Node) => (link['@rel'] as unknown as string | undefined) ?? 'alternate';
    for (const name of ['id', 'title', 'updated']) expect(atom[name], `feed ${name}`).toHaveLength(1);
    expect(textOf(one(atom, 'updated'))).toMatch(RFC3339);
    expect(isAbsoluteUrl(textOf(one(atom, 'id')))).toBe(true);
    expect(links(atom).filter((link) => rel(link) === 'self')).toHaveLength(1);
    const entries = atom.entry as Node[];
    expect(entries.length).toBeGreaterThan(0);
    const feedHasAuthor = (atom.author ?? []).length > 0;
    for (const entry of entries) {
      for (const name of ['id', 'title', 'updated']) expect(entry[name], `entry ${name}`).toHaveLength(1);
      expect(textOf(one(entry, 'updated'))).toMatch(RFC3339);
      expect(textOf(one(entry, 'published'))).toMatch(RFC3339);
      // §4.1.1: a feed without an author needs one in every entry; an author has a name.
      expect(feedHasAuthor || (entry.author ?? []).length > 0).toBe(true);
      for (const author of (entry.author ?? []) as Node[]) expect(textOf(one(author, 'name'))).not.toBe('');
      // §4.1.2: content, or a link rel="alternate" (one per type and language).
      const alternates = links(entry).filter((link) => rel(link) === 'alternate');
      expect(alternates).toHaveLength(1);
      const enclosures = links(entry).filter((link) => rel(link) === 'enclosure');
      expect(enclosures).toHaveLength(1);
      for (const enclosure of enclosures) {
        const href = enclosure['@href'] as unknown as string;
        expect(Number(enclosure['@length'])).toBe(servedBytes(href));
      }
      const summary = one(entry, 'summary') as Node;
      expect(['text', 'html']).toContain(summary['@type']);
    }
    for (const author of (atom.author ?? []) as Node[]) expect(textOf(one(author, 'name'))).not.toBe('');
  }
});
