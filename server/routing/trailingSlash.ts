import type { RoutingRule } from './routingRule.ts';

/** Paths served by something other than a page; they keep the exact path they were asked with. */
const NOT_PAGES = /^\/(?:api|_ipx|builds|assets)(?:\/|$)|^\/(?:healthz|readyz)$/;
/** A last segment with an extension (`/robots.txt`, `/images/a.png`) is a file, not a page. */
const FILE = /\/[^/]*\.[A-Z0-9]+$/i;

/** Whether the path can be a page of the route table (and so follows the page rules of §2). */
export function isPagePath(path: string): boolean {
  return !NOT_PAGES.test(path) && !FILE.test(path);
}

/**
 * §2 "Any path without a trailing slash gets a 301 to the same path with a trailing slash,
 * keeping the query string" — except files, `/api/…`, `/_ipx/…`, `/builds/…`, `/healthz`, `/readyz`.
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
