import { ROUTES, type RouteId, type RouteName } from './table.ts';
import { trimSlashes } from '../text/trim.ts';

const FILE_EXTENSION = /\/[^/]+\.[A-Z0-9]+$/i;

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

type PathOf<Id extends RouteId> = Extract<(typeof ROUTES)[number], { readonly id: Id }>['path'];

/** The parameter names of a route path: `:slug` segments and `*` for the catch-all. */
export type ParamNames<Path extends string> = Path extends `${string}:${infer Param}/${infer Rest}`
  ? Param | ParamNames<Rest>
  : Path extends `${string}:${infer Param}`
    ? Param
    : Path extends `${string}*`
      ? '*'
      : never;

export type RouteParams<Id extends RouteId> = { readonly [Name in ParamNames<PathOf<Id>>]: string | number };

export interface LinkOptions {
  /** Query pairs, appended after the path's trailing slash (§2: the slash comes first). */
  readonly query?: Readonly<Record<string, string | number>>;
  /** An anchor of §9 (`internship`, `discuss-the-project`, …), without `#`. */
  readonly hash?: string;
}

type HrefArgs<Id extends RouteId> = [ParamNames<PathOf<Id>>] extends [never]
  ? [params?: Record<string, never>, options?: LinkOptions]
  : [params: RouteParams<Id>, options?: LinkOptions];

/**
 * A link to a route of the table by its id, with typed params: `href('blog-tag', { slug: 'seo' })`
 * is `/blog/seo/`, `href('service', { '*': 'prodvizhenie/seo' })` is `/services/prodvizhenie/seo/`.
 * Each param is percent-encoded (the catch-all segment by segment), and the result always has
 * the trailing slash the server would otherwise redirect to (§2).
 */
export function href<Id extends RouteId>(id: Id, ...[params, options]: HrefArgs<Id>): string {
  const route = ROUTES.find((entry) => entry.id === id);
  if (route === undefined) throw new Error(`Unknown route id: ${id}`);
  const values = (params ?? {}) as Readonly<Record<string, string | number>>;
  const path = route.path.replace(/:(\w+)|\*/g, (token: string, name: string | undefined) => {
    const value = values[name ?? '*'];
    if (value === undefined || String(value) === '') throw new Error(`Route ${id} needs the parameter ${name ?? '*'}`);
    return name === undefined
      ? trimSlashes(String(value)).split('/').map(encodeURIComponent).join('/')
      : encodeURIComponent(String(value));
  });
  let link = withTrailingSlash(path);
  if (options?.query !== undefined) {
    const query = new URLSearchParams(Object.entries(options.query).map(([key, value]) => [key, String(value)])).toString();
    if (query !== '') link += `?${query}`;
  }
  if (options?.hash !== undefined) link += `#${options.hash}`;
  return link;
}
