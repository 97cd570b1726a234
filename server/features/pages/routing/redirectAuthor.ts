import { href } from '../../../../shared/routes/links.ts';
import { isAuthorId } from '../../../../shared/content/slugs.ts';
import type { RouteMiddleware, RoutingDependencies } from './routingRule.ts';

/** §2 `redirect-author`: an author id with a slug gets a 301 to `/blog/author/{slug}/`; others are the page's guard's (404). */
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
