import { href } from '../../../../shared/routes/links.ts';
import { isSlug, matchBlogTag } from '../../../../shared/content/slugs.ts';
import { matchRoute } from '../../../platform/http/routeMatch.ts';
import type { RoutingDependencies, RoutingRule } from './routingRule.ts';

/** §5 slug rule: `/blog/SEO` reaches `/blog/seo/` in one hop, before the page's guard; unknown tags lowered too (decision 040). */
export function blogTagCase({ content, logger }: RoutingDependencies): RoutingRule {
  return {
    name: 'blogTagCase',
    async apply({ path, search }) {
      const route = matchRoute(path);
      const slug = route?.route.id === 'blog-tag' ? route.params.slug : undefined;
      if (slug === undefined) return null;
      try {
        const match = matchBlogTag(await content.articleFilters(), slug);
        return match.kind === 'moved' ? { location: href('blog-tag', { slug: match.tag.slug }) + search, status: 301 } : null;
      } catch (error) {
        logger.warn({ err: error, slug }, 'blog tag case rule: tag list unavailable');
        const lowered = slug.toLowerCase();
        return lowered !== slug && isSlug(lowered) ? { location: href('blog-tag', { slug: lowered }) + search, status: 301 } : null;
      }
    },
  };
}
