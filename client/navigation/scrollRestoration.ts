import type { DataRouter } from 'react-router';
import { forgetScrollPosition, persistScrollPositions, saveScrollPosition } from '../../shared/app/scrollPositions.ts';

/**
 * §2 back and forward return to the place the visitor left, whatever the height of the page in
 * between: the browser's own restoration scrolls at `popstate`, while the page being left is still
 * shown, and a shorter page cuts the position short. The app restores instead, once the page
 * returned to has rendered (PageTransition.tsx), from positions saved as each navigation starts.
 */
export function startScrollRestoration(router: DataRouter): void {
  window.history.scrollRestoration = 'manual';
  // A position saved for this entry is where a reload or a return from another site lands;
  // a new visit that happens to reuse the entry's key (the tab's first entry) starts at the top.
  const [timing] = performance.getEntriesByType('navigation');
  if (timing instanceof PerformanceNavigationTiming && timing.type === 'navigate') forgetScrollPosition(router.state.location.key);
  // The entry shown and not yet saved: saved as a navigation away from it starts loading, or at
  // once when the navigation has nothing to load (a new hash), before the next page is rendered.
  let shown: string | undefined = router.state.location.key;
  router.subscribe((state) => {
    if (shown !== undefined && (state.navigation.state !== 'idle' || state.location.key !== shown)) {
      saveScrollPosition(shown);
      shown = undefined;
    }
    if (state.navigation.state === 'idle') shown = state.location.key;
  });
  window.addEventListener('pagehide', () => {
    saveScrollPosition(router.state.location.key);
    persistScrollPositions();
  });
}
