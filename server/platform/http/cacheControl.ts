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

/**
 * Whether and how long a page response is kept — by the in-process page cache and by the shared
 * caches in front (Varnish, a CDN) alike, so the two never disagree (decision 046).
 */
export interface PageCachePolicy {
  /** Cache-Control of a page, its data request, a feed or a crawler file answered with 200. */
  readonly shared: string;
  /** What the in-process page cache reads: how long an entry is fresh, and whether a publish drops it. */
  readonly pageCache: { readonly ttlMs: number; readonly dropOnRevalidation: boolean };
  /** The answer for one rendered response: its Cache-Control, and the status the page cache keeps it with (none: not kept). */
  of(status: number, personal: boolean): { readonly cacheControl: string; readonly keep: CacheableStatus | undefined };
}

/**
 * Rendered pages, their data requests, feeds and crawler files: always revalidated by browsers,
 * shared by a CDN or reverse proxy. Without a purge target for as long as the server itself keeps
 * content (CONTENT_CACHE_TTL_MS), so the two caches together never show a page older than twice
 * that. With one, a publish purges exactly the copies that showed what changed (decision 027), so
 * a copy is kept a day, served stale while one fetch refreshes it and, for a week, while the site
 * cannot answer; the in-process copy is then dropped on a publish, never served stale to the
 * refetch that shared caches would keep a day.
 * A 404 page is shared only when a publish purges it (it carries the tag of the record it looked
 * for and of the redirects); otherwise never stored in front, so a page or a redirect published
 * for its path is seen at once. A visitor's own page (an editor's preview, decision 021; a form's
 * result, decision 030) and any other status are never kept.
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
