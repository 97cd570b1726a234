import { href } from '../../../../shared/routes/links.ts';
import { trimEnd } from '../../../../shared/text/trim.ts';
import { OLD_SERVICE_PATHS } from './oldServicePaths.ts';
import type { RoutingRule } from './routingRule.ts';

/** §2 Redirects: `/services/<old>` with or without its slash → 301 `/services/<new>/`, query kept, in one hop. */
export function redirectOldServicePaths(table = OLD_SERVICE_PATHS): RoutingRule {
  // Keyed by the old path without its slash, as `apply` looks it up.
  const targets = new Map(table.map(([old, current]) => [trimEnd(href('service', { '*': old }), '/'), href('service', { '*': current })]));
  return {
    name: 'redirectOldServicePaths',
    apply({ path, search }) {
      const current = targets.get(path.endsWith('/') ? path.slice(0, -1) : path);
      return current === undefined ? null : { location: current + search, status: 301 };
    },
  };
}
