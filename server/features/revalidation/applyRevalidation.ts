import { pageCachePurges } from '../../platform/monitoring/metrics.ts';
import type { PageCache } from '../pages/index.ts';
import type { DerivedCaches } from '../../platform/content/derivedCaches.ts';
import { pathVariants, type RevalidationTarget } from './revalidationTarget.ts';

/** One process's revalidation: the content cache and derived caches expire; rendered pages by tag, by path, or all. */
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
