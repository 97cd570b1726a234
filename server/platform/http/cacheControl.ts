/** Every Cache-Control policy of the site, named once (as remix-website's cache-control.ts). */
export const CACHE_CONTROL = {
  /** Content-hashed build output: the name changes when the bytes do. */
  immutable: 'public, max-age=31536000, immutable',
  /** Files in public/ whose names do not change (favicon, fonts, images): short browser cache. */
  publicFile: 'public, max-age=3600',
  /** Errors, form results, health and build checks: never stored. */
  noStore: 'no-store',
  /** One person's page that nobody may keep, not even their browser (an editor's preview, decision 021). */
  privateNoStore: 'private, no-store',
  /** Must be revalidated on every use (the build id poll). */
  noCache: 'no-cache',
} as const;

/** How long a shared cache keeps a page when every publish purges it by tag: a day. */
export const PURGED_PAGE_MAX_AGE_SECONDS = 86_400;

/** The statuses a rendered page is kept with: the page, or the 404 page of a path that has none. */
export type CacheableStatus = 200 | 404;

/** Whether and how long a page response is kept, in process and in front alike (decision 046). */
export interface PageCachePolicy {
  /** Cache-Control of a page, its data request, a feed or a crawler file answered with 200. */
  readonly shared: string;
  /** What the in-process page cache reads: how long an entry is fresh, and whether a publish drops it. */
  readonly pageCache: { readonly ttlMs: number; readonly dropOnRevalidation: boolean };
  /** The answer for one rendered response: its Cache-Control, and the status the page cache keeps it with (none: not kept). */
  of(status: number, personal: boolean): { readonly cacheControl: string; readonly keep: CacheableStatus | undefined };
}

/**
 * Pages, data requests, feeds and crawler files: revalidated by browsers, shared in front for CONTENT_CACHE_TTL_MS;
 * when a publish purges by tag (decision 027), a day (stale a week if the site cannot answer), and the in-process
 * copy is dropped on a publish. A 404 is shared only when purged; a visitor's own page or another status never kept.
 */
export function pageCachePolicy(contentCacheTtlMs: number, purgedOnPublish: boolean): PageCachePolicy {
  const shared = purgedOnPublish
    ? `public, max-age=0, s-maxage=${PURGED_PAGE_MAX_AGE_SECONDS}, stale-while-revalidate=${PURGED_PAGE_MAX_AGE_SECONDS}, stale-if-error=604800`
    : `public, max-age=0, s-maxage=${Math.max(1, Math.round(contentCacheTtlMs / 1000))}, stale-while-revalidate=600`;
  const notFound = purgedOnPublish ? shared : CACHE_CONTROL.noStore;
  return {
    shared,
    pageCache: { ttlMs: contentCacheTtlMs, dropOnRevalidation: purgedOnPublish },
    of(status, personal) {
      if (personal) return { cacheControl: CACHE_CONTROL.privateNoStore, keep: undefined };
      if (status === 200) return { cacheControl: shared, keep: 200 };
      if (status === 404) return { cacheControl: notFound, keep: 404 };
      return { cacheControl: CACHE_CONTROL.noStore, keep: undefined };
    },
  };
}
