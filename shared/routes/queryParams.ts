import { matchPath } from 'react-router';
import { ROUTES, type RouteEntry } from './table.ts';

/**
 * The query parameters a page reads, each with the value it reads from what the visitor sent
 * (docs/decisions/010-page-cache.md): the page is a function of the path and these values only.
 * `null` means the page reads the value as absent. Every other parameter (tracking, `_ym_*`, a
 * scanner's junk, §5 `element_anchor_id`, which only the browser reads) leaves the page as it is.
 */
export const QUERY_PARAMS = {
  /** The list page (`shared/pages/listPage.ts`); any value is kept: an invalid one is a 404 of its own. */
  page: (raw: string): string | null => raw,
  /** §3 `activeFormServiceType` preset by a service page's link (`shared/pages/request/route.tsx`). */
  serviceType: (raw: string): string | null => {
    const value = raw.trim();
    return value !== '' && value.length <= SERVICE_TYPE_MAX_LENGTH ? value : null;
  },
} as const;
export type QueryParamName = keyof typeof QUERY_PARAMS;

/** A preset longer than any service name is not one; it is ignored rather than echoed. */
export const SERVICE_TYPE_MAX_LENGTH = 80;

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
