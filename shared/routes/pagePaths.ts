import { SERVER_PATHS, SERVER_TREES } from './serverMounts.ts';

/** The paths that are not pages (§2), from `serverMounts.ts`: one rule for the link and the redirect. */

/** Trees served by something other than a page: the path and everything below it. */
export const NOT_PAGE_PREFIXES: readonly string[] = Object.values(SERVER_TREES);
/** Single paths served by something other than a page (the probes and the metrics). */
export const NOT_PAGE_PATHS: readonly string[] = Object.values(SERVER_PATHS);

/** A last segment with an extension (`/robots.txt`, `/images/a.png`) is a file, not a page. */
const FILE = /\/[^/]*\.[A-Z0-9]+$/i;

/** Whether the path (no query, no hash) can be a page of the route table, and so follows the page rules of §2. */
export function isPagePath(path: string): boolean {
  if (NOT_PAGE_PATHS.includes(path)) return false;
  if (NOT_PAGE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return false;
  return !FILE.test(path);
}
