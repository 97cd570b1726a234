import { pageCachePurges } from '../monitoring/metrics.ts';
import type { PageCache } from '../ssr/pageCache.ts';
import type { DerivedCaches } from './derivedCaches.ts';
import { pathVariants, type RevalidationTarget } from './revalidationTarget.ts';

/**
 * What a revalidation does in one process. Content documents are keyed by API path, not by the
 * site paths a CMS names, so the whole content cache is expired (each document is reloaded on
 * its next use; a failed reload still serves the last good copy), and so is every cache derived
 * from content (the per-path redirect lookups); of the rendered pages only those named are
 * revalidated, or all of them with `{"all": true}` (served stale while they are rendered afresh
 * in the background, at most once per few seconds each: server/ssr/pageCache.ts).
 */
export function applyRevalidation(
  target: RevalidationTarget,
  caches: { pageCache: PageCache | undefined; content: { expireCache?(): void }; derived?: DerivedCaches | undefined },
): void {
  caches.content.expireCache?.();
  caches.derived?.clearAll();
  if ('all' in target) caches.pageCache?.clear();
  const purged = 'all' in target ? undefined : caches.pageCache?.invalidatePaths(pathVariants(target.paths));
  pageCachePurges.labels('all' in target ? 'all' : (purged ?? 0) > 0 ? 'pages' : 'none').inc();
}
