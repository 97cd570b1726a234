import { MAX_PAGE_NUMBER } from '../content/contentApi.ts';
import { SERVICE_CATEGORIES } from '../content/serviceCategories.ts';

/** A value of a declared parameter that names no page: the URL is a 404 (docs/decisions/018-…). */
export const INVALID_VALUE = Symbol('invalid query value');

/** A page number as the lists write it: no sign, no leading zero, no exponent. */
const PAGE_NUMBER = /^[1-9]\d{0,4}$/;

/**
 * The query parameters a page reads (decision 010): the page is a function of the path and these.
 * `null` reads as absent; `INVALID_VALUE` is a 404 before any render; any other parameter is ignored.
 */
export const QUERY_PARAMS = {
  /** `shared/pages/listPage.ts`: from 2 up (page 1 is the list itself, one URL per page). */
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
