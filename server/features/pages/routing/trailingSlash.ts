import { isPagePath } from '../../../../shared/routes/pagePaths.ts';
import type { RoutingRule } from './routingRule.ts';

/**
 * §2 "Any path without a trailing slash gets a 301 to the same path with a trailing slash,
 * keeping the query string" — except files and what the server mounts itself (`/api/…`, `/_ipx/…`,
 * `/healthz`, `/metrics`…): the rule the link helper uses too (`shared/routes/pagePaths.ts`).
 */
export function trailingSlash(): RoutingRule {
  return {
    name: 'trailingSlash',
    apply({ path, search }) {
      if (path.endsWith('/') || !isPagePath(path)) return null;
      return { location: `${path}/${search}`, status: 301 };
    },
  };
}
