import { Router, type Request, type Response } from 'express';
import { allArticles } from '../../../shared/content/allArticles.ts';
import type { ContentApi } from '../../../shared/content/contentApi.ts';
import { href } from '../../../shared/routes/links.ts';
import { matchBlogTag } from '../../../shared/content/slugs.ts';
import { blogFeedPath, FEED_FORMATS, feedFormatOf, type FeedFormat } from '../../../shared/seo/feeds.ts';
import { CACHE_CONTROL } from '../../platform/http/cacheControl.ts';
import { sendRedirect } from '../../platform/http/redirect.ts';
import { sendRepresentation } from '../../platform/http/sendRepresentation.ts';
import { hasExtension } from '../../../shared/text/trim.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import { PATHS } from '../../platform/paths.ts';
import { renderBlogFeed, type BlogFeedSource } from './blogFeed.ts';
import { coverSizeReader } from './coverSizes.ts';

/** The blog's feeds and each tag's: `/blog/{file}` and `/blog/{tag}/{file}` (`shared/seo/feeds.ts`). */
export const FEED_ROUTES = [`${href('blog')}:file`, `${href('blog')}:slug/:file`] as const;

/** What may be a feed: a file (its name has an extension, no page's does) under the blog (server/platform/http/enterOnly.ts). */
export const isFeedRequest = (req: Request): boolean => req.path.startsWith(href('blog')) && hasExtension(req.path);

/** The blog's feeds, whole and per tag (§5's match), cached like pages, an ETag per coding (decision 038); in an outage, 503. */
export function feedsEndpoint(options: {
  content: ContentApi;
  publicBaseUrl: string;
  logger: Logger;
  pageCacheControl: string;
  /** Where the cover files are, for their sizes (`coverSizes.ts`); the build's public/ if absent. */
  publicDir?: string | undefined;
}): Router {
  const { content, publicBaseUrl, logger, pageCacheControl } = options;
  const coverSizes = coverSizeReader(options.publicDir ?? PATHS.public);
  const router = Router({ caseSensitive: true, strict: true });

  async function answer(req: Request, res: Response, format: FeedFormat, tagSlug: string | undefined): Promise<boolean> {
    let source: BlogFeedSource;
    try {
      const [blog, articles, tags, agency] = await Promise.all([
        content.page('blog'),
        allArticles(content),
        tagSlug === undefined ? [] : content.articleFilters(),
        content.agency(),
      ]);
      let tag = null;
      if (tagSlug !== undefined) {
        const match = matchBlogTag(tags, tagSlug);
        if (match.kind === 'unknown') return false;
        if (match.kind === 'moved') {
          sendRedirect(req, res, blogFeedPath(format, match.tag.slug), 301);
          return true;
        }
        tag = match.tag;
      }
      if (blog === null) throw new Error('the blog page has no record');
      const listed = tag === null ? articles : articles.filter((article) => article.tags.some((each) => each.slug === tag.slug));
      source = {
        blog,
        tag,
        publisher: agency.name,
        articles: listed,
        coverBytes: await coverSizes(listed.map((article) => article.cover)),
      };
    } catch (error) {
      logger.error({ err: error, reqId: req.id }, 'blog feed: content unavailable');
      res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
      res.setHeader('Retry-After', '300');
      res.status(503).type('text/plain; charset=utf-8').send('Лента блога временно недоступна');
      return true;
    }
    const body = renderBlogFeed(source, format, publicBaseUrl);
    res.setHeader('Cache-Control', pageCacheControl);
    res.status(200).type(`${FEED_FORMATS[format].type}; charset=utf-8`);
    await sendRepresentation(req, res, body);
    return true;
  }

  for (const route of FEED_ROUTES) {
    router.get(route, async (req, res, next) => {
      const format = feedFormatOf(req.params.file);
      if (format === undefined) return next();
      // The metrics' route label of every feed (server/platform/http/accessLog.ts).
      res.locals.routeId = 'feeds';
      const params: { readonly file: string; readonly slug?: string } = req.params;
      if (!(await answer(req, res, format, params.slug))) next();
    });
  }
  return router;
}
