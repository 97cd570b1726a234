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

/**
 * Rendered pages, their data requests, feeds and crawler files: always revalidated by browsers,
 * shared by a CDN or reverse proxy. Without a purge target (PURGE_TARGETS unset) for as long as
 * the server itself keeps content (CONTENT_CACHE_TTL_MS), so the two caches together never show a
 * page older than twice that. With one, a publish purges exactly the copies that showed what
 * changed (decision 027), so a copy is kept a day, served stale while one fetch refreshes it
 * and, for a week, while the site cannot answer.
 */
export function sharedPageCacheControl(contentCacheTtlMs: number, purgedOnPublish = false): string {
  if (purgedOnPublish) {
    return `public, max-age=0, s-maxage=${PURGED_PAGE_MAX_AGE_SECONDS}, stale-while-revalidate=${PURGED_PAGE_MAX_AGE_SECONDS}, stale-if-error=604800`;
  }
  return `public, max-age=0, s-maxage=${Math.max(1, Math.round(contentCacheTtlMs / 1000))}, stale-while-revalidate=600`;
}

/**
 * A 404 page: kept by shared caches only when a publish purges it (it carries the tag of the
 * record it looked for and of the redirects, decision 027); otherwise never stored, so a page
 * or a redirect published for its path is seen at once.
 */
export function notFoundCacheControl(pageCacheControl: string, purgedOnPublish: boolean): string {
  return purgedOnPublish ? pageCacheControl : CACHE_CONTROL.noStore;
}
