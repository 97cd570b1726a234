import { pageCachePurges } from '../../platform/monitoring/metrics.ts';
import type { PageCache } from '../pages/index.ts';
import type { DerivedCaches } from '../../platform/content/derivedCaches.ts';
import { pathVariants, type RevalidationTarget } from './revalidationTarget.ts';

/**
 * What a revalidation does in one process. Content documents are cached by API path, and one
 * document feeds many pages, so the whole content cache is expired (each document is reloaded on
 * its next use; a failed reload still serves the last good copy), and so is every cache derived
 * from content (the per-path redirect lookups); of the rendered pages only those concerned are
 * revalidated: sent with one of the tags, at one of the paths, or all of them with
 * `{"all": true}` (server/features/pages/pageCache/pageCache.ts).
 */
export function applyRevalidation(
  target: RevalidationTarget,
  caches: { pageCache: PageCache | undefined; content: { expireCache?(): void }; derived?: DerivedCaches | undefined },
): void {
  caches.content.expireCache?.();
  caches.derived?.clearAll();
  if ('all' in target) {
    caches.pageCache?.clear();
    pageCachePurges.labels('all').inc();
    return;
  }
  const purged =
    'tags' in target ? caches.pageCache?.invalidateTags(target.tags) : caches.pageCache?.invalidatePaths(pathVariants(target.paths));
  pageCachePurges.labels((purged ?? 0) > 0 ? 'pages' : 'none').inc();
}
