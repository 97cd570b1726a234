/** Every Cache-Control policy of the site, named once (as remix-website's cache-control.ts). */
export const CACHE_CONTROL = {
  /** Content-hashed build output: the name changes when the bytes do. */
  immutable: 'public, max-age=31536000, immutable',
  /** Files in public/ whose names do not change (favicon, fonts, images): short browser cache. */
  publicFile: 'public, max-age=3600',
  /** Rendered pages: always revalidated by browsers, briefly shared by a CDN or reverse proxy. */
  page: 'public, max-age=0, s-maxage=60, stale-while-revalidate=600',
  /** Errors, form results, health and build checks: never stored. */
  noStore: 'no-store',
  /** One person's page that nobody may keep, not even their browser (an editor's preview, decision 021). */
  privateNoStore: 'private, no-store',
  /** Must be revalidated on every use (the build id poll). */
  noCache: 'no-cache',
} as const;
