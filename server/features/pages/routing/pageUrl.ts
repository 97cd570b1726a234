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

/** The URL a page is rendered for: its path and the first value of each declared parameter, in order (the page cache's key). */
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
