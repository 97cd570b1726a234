import { createPath, type DataRouter, type RouterState } from 'react-router';
import { startBuildCheck, fetchLatestBuildId } from './buildCheck.ts';
import { isChunkLoadError } from './chunkError.ts';
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
