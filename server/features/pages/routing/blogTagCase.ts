import { href } from '../../../../shared/routes/links.ts';
import { isSlug, matchBlogTag } from '../../../../shared/content/slugs.ts';
import { matchRoute } from '../../../platform/http/routeMatch.ts';
import type { RoutingDependencies, RoutingRule } from './routingRule.ts';

/**
 * §5 slug rule on the server side of the chain: `/blog/SEO` must reach `/blog/seo/` in one hop,
 * so the case of a known tag is fixed here, together with the trailing slash, before the page's
 * own guard (`blogTagIn`) would raise a second 301. Unknown tags are left to the page (404).
 *
 * While the tag list cannot be read, §5's "an uppercase slug is lowercased" needs no list: every
 * known slug is lowercase (`isSlug`), so an uppercase one that lowercases to a valid slug is
 * redirected all the same; whether that one is known is the lowercase page's to say (decision 040).
 */
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
