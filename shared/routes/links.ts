import { generatePath, type PathParam } from 'react-router';
import { ROUTES, type RouteId, type RouteName } from './table.ts';
import { isPagePath } from './pagePaths.ts';
import { trimSlashes } from '../text/trim.ts';

/*
 * Every internal URL is built here from the route table (§2); the lint forbids hand-built page URLs
 * (eslint.config.js). Over react-router's `generatePath` (its `href` is typed for framework mode
 * only) it adds what §2 asks and it lacks: the trailing slash, an encoded catch-all, no empty params.
 */

/** §2's trailing-slash rule for generated links (the non-page paths are `pagePaths.ts`'s); external URLs as is. */
export function withTrailingSlash(to: string): string {
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(to)) return to;
  if (to.endsWith('/') || to.includes('?') || to.includes('#')) return to;
  return isPagePath(to) ? `${to}/` : to;
}

/** Link to a named route of §2 (`career`, `referral`, `subscribe`, `success-request`). */
export function linkTo(name: RouteName, hash?: string): string {
  const route = ROUTES.find((entry) => 'name' in entry && entry.name === name);
  if (route === undefined) throw new Error(`Unknown route name: ${name}`);
  return href(route.id, {}, hash === undefined ? undefined : { hash });
}

type PathOf<Id extends RouteId> = Extract<(typeof ROUTES)[number], { readonly id: Id }>['path'];

/** The parameter names of a route: `:slug` segments and `*` for the catch-all. */
export type RouteParamName<Id extends RouteId> = PathParam<PathOf<Id>>;

export type RouteParams<Id extends RouteId> = { readonly [Name in RouteParamName<Id>]: string | number };

export interface LinkOptions {
  /** Query pairs, appended after the path's trailing slash (§2: the slash comes first). */
  readonly query?: Readonly<Record<string, string | number>>;
  /** An anchor of §9 (`internship`, `discuss-the-project`, …) or an element id, without `#`; percent-encoded here. */
  readonly hash?: string;
}

type HrefArgs<Id extends RouteId> = [RouteParamName<Id>] extends [never]
  ? [params?: Record<string, never>, options?: LinkOptions]
  : [params: RouteParams<Id>, options?: LinkOptions];

const PATHS: ReadonlyMap<string, string> = new Map(ROUTES.map((route) => [route.id, route.path]));

/** The `:name` and `*` tokens of a route path of the table (a constant, not input). */
const PARAM_TOKEN = /:(\w+)|\*/g;

/** A link to a route by id with typed, percent-encoded params: `href('blog-tag', { slug: 'seo' })` is `/blog/seo/`. */
export function href<Id extends RouteId>(id: Id, ...[params, options]: HrefArgs<Id>): string {
  const path = PATHS.get(id);
  if (path === undefined) throw new Error(`Unknown route id: ${id}`);
  const values: Record<string, string> = {};
  const given = (params ?? {}) as Readonly<Record<string, string | number | undefined>>;
  for (const [, name] of path.matchAll(PARAM_TOKEN)) {
    const value = given[name ?? '*'];
    if (value === undefined || String(value) === '') throw new Error(`Route ${id} needs the parameter ${name ?? '*'}`);
    values[name ?? '*'] = name === undefined ? trimSlashes(String(value)).split('/').map(encodeURIComponent).join('/') : String(value);
  }
  let link = withTrailingSlash(generatePath<string>(path, values));
  if (options?.query !== undefined) {
    const query = new URLSearchParams(Object.entries(options.query).map(([key, value]) => [key, String(value)])).toString();
    if (query !== '') link += `?${query}`;
  }
  if (options?.hash !== undefined) link += `#${encodeURIComponent(options.hash)}`;
  return link;
}
