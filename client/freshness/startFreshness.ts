import { createPath, matchRoutes, type DataRouter, type RouterState } from 'react-router';
import { handleChunkFailures } from '../../shared/browser/chunkLoader.ts';
import { startBuildCheck, fetchLatestBuildId } from './buildCheck.ts';
import { isChunkLoadError, isMissingChunk } from './chunkError.ts';
import { reloadOnce } from './reloadGuard.ts';

/** §4 a newer build loads whole at the next navigation; §8 a chunk-load error reloads once (10-second guard). */
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

/** §8 for a chunk a navigation needs: the page it goes to loads whole, once; a failed prefetch changes nothing. */
function reloadForNavigation(router: DataRouter, routeId: string): boolean {
  const pending = router.state.navigation.location;
  if (pending === undefined || !(matchRoutes(router.routes, pending) ?? []).some((match) => match.route.id === routeId)) return false;
  return reloadOnce(new URL(createPath(pending), window.location.href).href);
}
