import { href } from '../../../../shared/routes/links.ts';
import { isAuthorId } from '../../../../shared/content/slugs.ts';
import type { RouteMiddleware, RoutingDependencies } from './routingRule.ts';

/**
 * The `redirect-author` route middleware of §2 on `/blog/author/{id}/`: a numeric id of the
 * author map (§3, ids 1–16, held by the content service) that has a slug gets a 301 to
 * `/blog/author/{slug}/`, the author's page. Ids without a slug (9 and 10) or outside the map
 * are left to the page, whose guard answers 404; a non-numeric slug is the page itself.
 */
export function redirectAuthor({ content, logger }: RoutingDependencies): RouteMiddleware {
  return async ({ params, target }) => {
    const id = params.id;
    if (!isAuthorId(id)) return null;
    try {
      const author = await content.author(Number(id));
      if (author?.slug == null) return null;
      return { location: `${href('blog-author', { id: author.slug })}${target.search}`, status: 301 };
    } catch (error) {
      // Without the map the id cannot be resolved; the page then reports the outage (503).
      logger.warn({ err: error, id }, 'redirect-author: author map unavailable');
      return null;
    }
  };
}
