import { Feed } from 'feed';
import type { ArticleFilter, ArticleSummary } from '../../shared/content/contentApi.ts';
import { href } from '../../shared/routes/links.ts';
import { blogFeedPath, FEED_FORMAT_NAMES, type FeedFormat } from '../../shared/seo/feeds.ts';
import { absoluteUrl, type SiteContext } from '../../shared/seo/jsonLd.ts';

export interface BlogFeedSource {
  /** The blog page's own words: its title and description name the feed. */
  readonly blog: { readonly title: string; readonly description: string };
  /** The tag whose feed this is; null for the whole blog. */
  readonly tag: ArticleFilter | null;
  /** The feed's articles, in any order. */
  readonly articles: readonly ArticleSummary[];
}

/** Content dates are `YYYY-MM-DD`; a feed needs an instant: midnight UTC of that day. */
const dayOf = (date: string) => new Date(`${date}T00:00:00Z`);

/** Newest first by publication date (a later edit does not move an article up, as on the blog page). */
const newestFirst = (a: ArticleSummary, b: ArticleSummary) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug);

/**
 * The blog's feed (or one tag's) in RSS 2.0, Atom 1.0 and JSON Feed, written by the `feed`
 * package: every article with its absolute link, publication and update dates, author (with the
 * author's page where there is one), summary, tags and cover picture. Titles and links are the page's own, so
 * the `<link rel="alternate">` of the blog page and the feed name the same thing.
 */
export function renderBlogFeed(source: BlogFeedSource, format: FeedFormat, publicBaseUrl: string): string {
  const site: SiteContext = { baseUrl: publicBaseUrl };
  const tagSlug = source.tag?.slug;
  const articles = [...source.articles].sort(newestFirst);
  const pagePath = tagSlug === undefined ? href('blog') : href('blog-tag', { slug: tagSlug });
  const lastChange = articles
    .map((article) => article.updated ?? article.date)
    .sort()
    .at(-1);
  const feed = new Feed({
    id: absoluteUrl(site, blogFeedPath(format, tagSlug)),
    title: source.tag === null ? source.blog.title : `${source.tag.title} — ${source.blog.title}`,
    description: source.blog.description,
    link: absoluteUrl(site, pagePath),
    language: 'ru',
    // A feed with no article yet still needs a date: the epoch, stable, so its ETag is too.
    updated: dayOf(lastChange ?? '1970-01-01'),
    generator: false,
    feedLinks: Object.fromEntries(FEED_FORMAT_NAMES.map((name) => [name, absoluteUrl(site, blogFeedPath(name, tagSlug))])),
  });
  for (const article of articles) {
    const link = absoluteUrl(site, href('article', { slug: article.slug }));
    feed.addItem({
      id: link,
      title: article.title,
      link,
      description: article.description,
      published: dayOf(article.date),
      date: dayOf(article.updated ?? article.date),
      author: [
        {
          name: article.author.name,
          ...(article.author.slug === null ? {} : { link: absoluteUrl(site, href('blog-author', { id: article.author.slug })) }),
        },
      ],
      category: article.tags.map((tag) => ({ name: tag.title, term: tag.slug })),
      // The cover file itself: the `feed` package types an enclosure by its URL's extension.
      image: absoluteUrl(site, article.cover),
    });
  }
  if (format === 'rss') return feed.rss2();
  if (format === 'atom') return feed.atom1();
  return feed.json1();
}
