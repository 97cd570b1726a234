import { matchPath } from 'react-router';
import { QUERY_PARAMS, type QueryParamName } from '../../shared/routes/queryParams.ts';
import { ROUTES, type RouteEntry } from '../../shared/routes/table.ts';

/** The parameters the route of `pathname` declares in the route table (none for an unknown path). */
export function declaredQueryOf(pathname: string): readonly QueryParamName[] {
  for (const route of ROUTES as readonly RouteEntry[]) {
    if (matchPath({ path: route.path, end: true }, pathname) !== null) return route.query ?? [];
  }
  return [];
}

/**
 * The URL a page is rendered for: the path and, in a fixed order, the first value of each
 * parameter its route declares, as the page reads it. Two requests with the same page URL get
 * the same HTML, so it is also the page cache's key.
 */
export function pageUrlOf(pathname: string, search: string): string {
  if (search === '' || search === '?') return pathname;
  const declared = declaredQueryOf(pathname);
  if (declared.length === 0) return pathname;
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of declared) {
    const raw = params.get(name);
    const value = raw === null ? null : QUERY_PARAMS[name](raw);
    if (value !== null) kept.set(name, value);
  }
  return kept.size === 0 ? pathname : `${pathname}?${kept.toString()}`;
}
