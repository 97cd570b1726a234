import { href } from '../../../../shared/routes/links.ts';
import type { RoutingRule } from './routingRule.ts';

/** The listing paths that have no page of their own (§2 "Other routing rules"). */
const MATERIAL_LISTINGS = new Set(['/projects/material', '/blog/material']);

/** §2: /projects/material and /blog/material, with or without the slash, redirect externally (real HTTP) to /projects/. */
export function materialRedirects(): RoutingRule {
  return {
    name: 'materialRedirects',
    apply({ path, search }) {
      const bare = path.endsWith('/') ? path.slice(0, -1) : path;
      return MATERIAL_LISTINGS.has(bare) ? { location: href('projects') + search, status: 301 } : null;
    },
  };
}
