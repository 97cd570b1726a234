import { INVALID_VALUE, QUERY_PARAMS, type QueryParamName } from '../../../../shared/routes/queryParams.ts';
import { matchRoute } from '../../../platform/http/routeMatch.ts';

/** The parameters the route of `pathname` declares in the route table (none for an unknown path). */
export function declaredQueryOf(pathname: string): readonly QueryParamName[] {
  return matchRoute(pathname)?.route.query ?? [];
}

/** The first declared parameter whose value names no page (the URL is a 404), or undefined. */
export function invalidQueryParamOf(pathname: string, search: string): QueryParamName | undefined {
  if (search === '' || search === '?') return undefined;
  const params = new URLSearchParams(search);
  return declaredQueryOf(pathname).find((name) => {
    const raw = params.get(name);
    return raw !== null && QUERY_PARAMS[name](raw) === INVALID_VALUE;
  });
}

/**
 * The URL a page is rendered for: the path and, in a fixed order, the first value of each
 * parameter its route declares, as the page reads it. Two requests with the same page URL get
 * the same HTML, so it is also the page cache's key; a URL with a value naming no page is
 * answered 404 before it is rendered (`invalidQueryParamOf`) and has no page URL.
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
    if (typeof value === 'string') kept.set(name, value);
  }
  return kept.size === 0 ? pathname : `${pathname}?${kept.toString()}`;
}
