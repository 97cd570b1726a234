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

/**
 * Rendered pages, feeds and crawler files: always revalidated by browsers, shared by a CDN or
 * reverse proxy for as long as the server itself keeps content (CONTENT_CACHE_TTL_MS), so the two
 * caches together never show a page older than twice that; stale for a while more if the site
 * cannot answer.
 */
export function sharedPageCacheControl(contentCacheTtlMs: number): string {
  return `public, max-age=0, s-maxage=${Math.max(1, Math.round(contentCacheTtlMs / 1000))}, stale-while-revalidate=600`;
}
