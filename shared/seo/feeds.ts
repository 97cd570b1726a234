import { href } from '../routes/links.ts';

/** The blog's feeds (server/features/feeds/), under the blog and each tag's page; files, so no trailing slash. */
export const FEED_FORMATS = {
  rss: { file: 'rss.xml', type: 'application/rss+xml', label: 'RSS' },
  atom: { file: 'atom.xml', type: 'application/atom+xml', label: 'Atom' },
  json: { file: 'feed.json', type: 'application/feed+json', label: 'JSON Feed' },
} as const;

export type FeedFormat = keyof typeof FEED_FORMATS;

export const FEED_FORMAT_NAMES = Object.keys(FEED_FORMATS) as FeedFormat[];

/** The format a feed file name stands for (`rss.xml` → `rss`), or undefined. */
export function feedFormatOf(file: string): FeedFormat | undefined {
  return FEED_FORMAT_NAMES.find((format) => FEED_FORMATS[format].file === file);
}

/** Site path of the blog's feed, or of one tag's feed. */
export function blogFeedPath(format: FeedFormat, tagSlug?: string): string {
  const base = tagSlug === undefined ? href('blog') : href('blog-tag', { slug: tagSlug });
  return `${base}${FEED_FORMATS[format].file}`;
}

/** A `<link rel="alternate">` of a page's head (`PageMeta.feeds`). */
export interface FeedLink {
  readonly type: string;
  readonly title: string;
  /** Site path; the head makes it absolute. */
  readonly path: string;
}

/** The feeds a blog page announces: every format of the blog's feed, or of the tag's. */
export function blogFeedLinks(feedTitle: string, tagSlug?: string): FeedLink[] {
  return FEED_FORMAT_NAMES.map((format) => ({
    type: FEED_FORMATS[format].type,
    title: `${feedTitle} (${FEED_FORMATS[format].label})`,
    path: blogFeedPath(format, tagSlug),
  }));
}
