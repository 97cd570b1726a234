import { IPX_PREFIX } from '../ui/imageScreens.ts';

/**
 * The one list of paths that are not pages (§2): the trailing-slash redirect leaves them as they
 * were asked for, the link helper does not add a slash to them, and the browser does not prefetch
 * them as pages. Kept as one list so the link rule and the redirect rule cannot disagree about a
 * path (a link the server would redirect costs the visitor a hop; §2 forbids it).
 */

/** Trees served by something other than a page: the path and everything below it. */
export const NOT_PAGE_PREFIXES = ['/api', IPX_PREFIX, '/builds', '/assets'] as const;
/** Single paths served by something other than a page (the liveness and readiness probes). */
export const NOT_PAGE_PATHS = ['/healthz', '/readyz'] as const;

/** A last segment with an extension (`/robots.txt`, `/images/a.png`) is a file, not a page. */
const FILE = /\/[^/]*\.[A-Z0-9]+$/i;

/** Whether the path (no query, no hash) can be a page of the route table, and so follows the page rules of §2. */
export function isPagePath(path: string): boolean {
  if ((NOT_PAGE_PATHS as readonly string[]).includes(path)) return false;
  if (NOT_PAGE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return false;
  return !FILE.test(path);
}
