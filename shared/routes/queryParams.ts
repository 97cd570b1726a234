import { MAX_PAGE_NUMBER } from '../content/contentApi.ts';
import { SERVICE_CATEGORIES } from '../content/serviceCategories.ts';

/** A value of a declared parameter that names no page: the URL is a 404 (docs/decisions/018-…). */
export const INVALID_VALUE = Symbol('invalid query value');

/** A page number as the lists write it: no sign, no leading zero, no exponent. */
const PAGE_NUMBER = /^[1-9]\d{0,4}$/;

/**
 * The query parameters a page reads, each with the value it reads from what the visitor sent
 * (docs/decisions/010-page-cache.md): the page is a function of the path and these values only.
 * `null` means the page reads the value as absent; `INVALID_VALUE`, that the URL names no page
 * (a 404 decided before any render, so junk values cost neither a render nor a cache entry).
 * Every other parameter (tracking, `_ym_*`, a scanner's junk) leaves the page as it is; §5
 * `element_anchor_id` never reaches a page load (the routing rules redirect it to a fragment,
 * server/features/pages/routing/elementAnchor.ts) and only a client navigation's code reads it.
 */
export const QUERY_PARAMS = {
  /**
   * The list page (`shared/pages/listPage.ts`): a whole number from 2 up (page 1 is the list
   * itself, one URL per page); a page past the end of its list is the list page's own 404.
   */
  page: (raw: string): string | null | typeof INVALID_VALUE => {
    if (raw === '1') return null;
    return PAGE_NUMBER.test(raw) && Number(raw) <= MAX_PAGE_NUMBER ? raw : INVALID_VALUE;
  },
  /** §3 `activeFormServiceType` preset by a service page's link (`shared/pages/request/loader.ts`): one of the categories. */
  serviceType: (raw: string): string | null | typeof INVALID_VALUE => {
    const value = raw.trim();
    if (value === '') return null;
    return (SERVICE_CATEGORIES as readonly string[]).includes(value) ? value : INVALID_VALUE;
  },
} as const;
export type QueryParamName = keyof typeof QUERY_PARAMS;

/** The value a page reads: an invalid one reads as absent (the server has answered 404 before). */
export function readQueryParam(name: QueryParamName, raw: string | null): string | null {
  const value = raw === null ? null : QUERY_PARAMS[name](raw);
  return value === INVALID_VALUE ? null : value;
}
