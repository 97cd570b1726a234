import type { PageCache } from '../ssr/pageCache.ts';
import { pathVariants, type RevalidationTarget } from './revalidationTarget.ts';

/**
 * What a revalidation does in one process. Content documents are keyed by API path, not by the
 * site paths a CMS names, so the whole content cache is expired (each document is reloaded on
 * its next use; a failed reload still serves the last good copy); of the rendered pages only
 * those named are dropped, or all of them with `{"all": true}`.
 */
export function applyRevalidation(
  target: RevalidationTarget,
  caches: { pageCache: PageCache | undefined; content: { expireCache?(): void } },
): void {
  caches.content.expireCache?.();
  if ('all' in target) caches.pageCache?.clear();
  else caches.pageCache?.invalidatePaths(pathVariants(target.paths));
}
