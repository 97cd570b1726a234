import { createPath, matchRoutes, type DataRouter, type RouterState } from 'react-router';
import { handleChunkFailures } from '../../shared/browser/chunkLoader.ts';
import { startBuildCheck, fetchLatestBuildId } from './buildCheck.ts';
import { isChunkLoadError, isMissingChunk } from './chunkError.ts';
import { reloadOnce } from './reloadGuard.ts';

/**
 * §4 "when a newer build is detected, the app updates with a page reload on the next
 * navigation" and §8 "Chunk-load error … the page reloads once, guarded by a 10-second window".
 * A tab of an old build keeps working until the visitor moves on; then the new build loads whole
 * instead of mixing old and new chunks.
 */
export function startFreshness(router: DataRouter, buildId: string): () => void {
  let newBuild = false;
  const check =
    buildId === ''
      ? undefined
      : startBuildCheck({
          currentId: buildId,
          fetchLatestId: () => fetchLatestBuildId(),
          onNewBuild: () => {
            newBuild = true;
            // Observable state (styles may offer a hint; tests wait for it).
            document.documentElement.dataset.newBuild = 'true';
          },
        });

  handleChunkFailures(
    (error, routeId) => isMissingChunk(error) && (routeId === undefined ? reloadOnce() : reloadForNavigation(router, routeId)),
  );

  const onVisible = () => {
    if (document.visibilityState === 'visible') void check?.checkIfDue();
  };
  document.addEventListener('visibilitychange', onVisible);

  const unsubscribe = router.subscribe((state: RouterState) => {
    // The navigation has started but nothing of the next page has rendered yet: load it whole.
    if (newBuild && state.navigation.state === 'loading' && state.navigation.location) {
      const target = new URL(createPath(state.navigation.location), window.location.href).href;
      if (reloadOnce(target)) return;
    }
    const errors = Object.values(state.errors ?? {});
    if (state.navigation.state === 'idle' && errors.some(isChunkLoadError)) reloadOnce();
  });

  return () => {
    check?.stop();
    unsubscribe();
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/**
 * §8 for a chunk that a navigation needs (the next page's chunk, its body, the parts the body is
 * made of): the page the visitor was going to loads whole, once, before the error page could show.
 * A prefetch of the route failing changes nothing (the navigation later tries again).
 */
function reloadForNavigation(router: DataRouter, routeId: string): boolean {
  const pending = router.state.navigation.location;
  if (pending === undefined || !(matchRoutes(router.routes, pending) ?? []).some((match) => match.route.id === routeId)) return false;
  return reloadOnce(new URL(createPath(pending), window.location.href).href);
}
