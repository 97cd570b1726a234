import { XMLBuilder } from 'fast-xml-parser';
import type { ArticleFilter, ArticleSummary } from '../../../shared/content/contentApi.ts';
import { href } from '../../../shared/routes/links.ts';
import { blogFeedPath, FEED_FORMAT_NAMES, type FeedFormat } from '../../../shared/seo/feeds.ts';
import { absoluteUrl, type SiteContext } from '../../../shared/seo/jsonLd.ts';
import { escapeHtml } from '../../platform/http/escapeHtml.ts';

export interface BlogFeedSource {
  /** The blog page's own words: its title and description name the feed. */
  readonly blog: { readonly title: string; readonly description: string };
  /** Who publishes the blog (the agency's name): the feed's own author (RFC 4287 §4.1.1, also for a feed with no entry yet). */
  readonly publisher?: string | undefined;
  /** The tag whose feed this is; null for the whole blog. */
  readonly tag: ArticleFilter | null;
  /** The feed's articles, in any order. */
  readonly articles: readonly ArticleSummary[];
  /** The size in bytes of each cover file, by its site path (`coverSizes.ts`); a cover not there has no enclosure. */
  readonly coverBytes?: ReadonlyMap<string, number> | undefined;
}

/** Content dates are `YYYY-MM-DD`; a feed needs an instant: midnight UTC of that day. */
const dayOf = (date: string) => new Date(`${date}T00:00:00Z`);

const editedOn = (article: ArticleSummary) => article.updated ?? article.date;

/** Newest first by publication date (a later edit does not move an article up, as on the blog page). */
const newestFirst = (a: ArticleSummary, b: ArticleSummary) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug);

/** Characters XML 1.0 has no place for, escaped or not, become U+FFFD: one would make the feed unreadable (linear, decision 013). */
const NOT_XML_CHARACTER = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const xmlText = (text: string) => text.replace(NOT_XML_CHARACTER, '\uFFFD');

/** A description in the feeds' HTML fields: text, as the site prints it, so its HTML is that text escaped (decision 038). */
const textAsHtml = (text: string) => `<p>${escapeHtml(text)}</p>`;

/** RSS and Atom by fast-xml-parser's builder, which escapes every text and attribute (decisions 038, 050). */
const xml = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@', format: true, suppressEmptyNode: true });
const XML_DECLARATION = { '?xml': { '@version': '1.0', '@encoding': 'utf-8' } };

/** What each format says, computed once from the content. */
type FeedModel = ReturnType<typeof feedModel>;

/** The MIME type of a cover by its file's extension (`/images/a.png` → `image/png`). */
const imageTypeOf = (url: string) => `image/${new URL(url).pathname.split('.').at(-1) ?? ''}`;

function rss2(model: FeedModel): string {
  return xml.build({
    ...XML_DECLARATION,
    rss: {
      '@version': '2.0',
      '@xmlns:atom': 'http://www.w3.org/2005/Atom',
      '@xmlns:dc': 'http://purl.org/dc/elements/1.1/',
      channel: {
        title: xmlText(model.title),
        link: model.link,
        description: xmlText(model.description),
        lastBuildDate: model.updated.toUTCString(),
        docs: 'https://validator.w3.org/feed/docs/rss2.html',
        language: 'ru',
        'atom:link': { '@href': model.selfLinks.rss, '@rel': 'self', '@type': 'application/rss+xml' },
        item: model.items.map((item) => ({
          title: xmlText(item.title),
          link: item.link,
          guid: { '@isPermaLink': 'false', '#text': item.link },
          pubDate: item.published.toUTCString(),
          description: xmlText(item.html),
          // RSS 2.0's <author> is an e-mail address; the author's name is Dublin Core's creator.
          'dc:creator': xmlText(item.author.name),
          category: item.tags.map((tag) => xmlText(tag.title)),
          ...(item.imageBytes === undefined
            ? {}
            : { enclosure: { '@url': item.image, '@length': String(item.imageBytes), '@type': imageTypeOf(item.image) } }),
        })),
      },
    },
  });
}

function atom1(model: FeedModel): string {
  return xml.build({
    ...XML_DECLARATION,
    feed: {
      '@xmlns': 'http://www.w3.org/2005/Atom',
      id: model.id,
      title: xmlText(model.title),
      updated: model.updated.toISOString(),
      ...(model.publisher === undefined ? {} : { author: { name: xmlText(model.publisher) } }),
      link: [
        { '@rel': 'alternate', '@href': model.link },
        { '@rel': 'self', '@href': model.selfLinks.atom },
      ],
      subtitle: xmlText(model.description),
      entry: model.items.map((item) => ({
        title: { '@type': 'text', '#text': xmlText(item.title) },
        id: item.link,
        link: [
          { '@rel': 'alternate', '@type': 'text/html', '@href': item.link },
          {
            '@rel': 'enclosure',
            '@href': item.image,
            '@type': imageTypeOf(item.image),
            ...(item.imageBytes === undefined ? {} : { '@length': String(item.imageBytes) }),
          },
        ],
        updated: item.updated.toISOString(),
        summary: { '@type': 'html', '#text': xmlText(item.html) },
        author: { name: xmlText(item.author.name), ...(item.author.link === undefined ? {} : { uri: item.author.link }) },
        category: item.tags.map((tag) => ({ '@label': xmlText(tag.title), '@term': tag.slug })),
        published: item.published.toISOString(),
      })),
    },
  });
}

/** JSON Feed 1.1: `authors` (1.1 deprecates `author`), `content_html` the description as HTML, `summary` as text. */
function jsonFeed11(model: FeedModel): string {
  return JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title: model.title,
    home_page_url: model.link,
    feed_url: model.selfLinks.json,
    description: model.description,
    language: 'ru',
    ...(model.publisher === undefined ? {} : { authors: [{ name: model.publisher }] }),
    items: model.items.map((item) => ({
      id: item.link,
      url: item.link,
      title: item.title,
      content_html: item.html,
      summary: item.description,
      image: item.image,
      date_published: item.published.toISOString(),
      date_modified: item.updated.toISOString(),
      authors: [{ name: item.author.name, ...(item.author.link === undefined ? {} : { url: item.author.link }) }],
      tags: item.tags.map((tag) => tag.title),
    })),
  });
}

/** The blog's (or a tag's) feed in RSS 2.0, Atom 1.0 and JSON Feed, titled and linked as the blog page; CMS texts escaped. */
export function renderBlogFeed(source: BlogFeedSource, format: FeedFormat, publicBaseUrl: string): string {
  const model = feedModel(source, format, publicBaseUrl);
  return format === 'rss' ? rss2(model) : format === 'atom' ? atom1(model) : jsonFeed11(model);
}

function feedModel(source: BlogFeedSource, format: FeedFormat, publicBaseUrl: string) {
  const site: SiteContext = { baseUrl: publicBaseUrl };
  const tagSlug = source.tag?.slug;
  const articles = [...source.articles].sort(newestFirst);
  const pagePath = tagSlug === undefined ? href('blog') : href('blog-tag', { slug: tagSlug });
  const lastChange = articles.map(editedOn).sort().at(-1);
  return {
    id: absoluteUrl(site, blogFeedPath(format, tagSlug)),
    title: source.tag === null ? source.blog.title : `${source.tag.title} — ${source.blog.title}`,
    description: source.blog.description,
    link: absoluteUrl(site, pagePath),
    publisher: source.publisher,
    // A feed with no article yet still needs a date: the epoch, stable, so its ETag is too.
    updated: dayOf(lastChange ?? '1970-01-01'),
    selfLinks: Object.fromEntries(FEED_FORMAT_NAMES.map((name) => [name, absoluteUrl(site, blogFeedPath(name, tagSlug))])) as Record<
      FeedFormat,
      string
    >,
    items: articles.map((article) => ({
      link: absoluteUrl(site, href('article', { slug: article.slug })),
      title: article.title,
      description: article.description,
      html: textAsHtml(article.description),
      published: dayOf(article.date),
      updated: dayOf(editedOn(article)),
      author: {
        name: article.author.name,
        ...(article.author.slug === null ? {} : { link: absoluteUrl(site, href('blog-author', { id: article.author.slug })) }),
      },
      tags: article.tags.map((tag) => ({ title: tag.title, slug: tag.slug })),
      // The cover file itself: its type is its extension's.
      image: absoluteUrl(site, article.cover),
      imageBytes: source.coverBytes?.get(article.cover),
    })),
  };
}
