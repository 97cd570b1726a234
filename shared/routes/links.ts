import { ROUTES, type RouteName } from './table.ts';

const FILE_EXTENSION = /\/[^/]+\.[A-Za-z0-9]+$/;

/**
 * §2 "Generated links get a trailing slash unless they already end with one, contain a query or
 * hash, start with /api/, or end in a file extension". Every internal link goes through this, so
 * the site never links to a URL that answers with a redirect. External URLs are returned as is.
 */
export function withTrailingSlash(to: string): string {
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(to)) return to;
  if (to.endsWith('/') || to.includes('?') || to.includes('#') || to.startsWith('/api/')) return to;
  if (FILE_EXTENSION.test(to)) return to;
  return `${to}/`;
}

/** Link to a named route of §2 (`career`, `referral`, `subscribe`, `success-request`). */
export function linkTo(name: RouteName, hash?: string): string {
  const route = ROUTES.find((entry) => 'name' in entry && entry.name === name);
  if (route === undefined) throw new Error(`Unknown route name: ${name}`);
  return hash === undefined ? route.path : `${route.path}#${hash}`;
}
