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
