import type { DataRouter } from 'react-router';
import { setScrollRestorer } from '../../shared/browser/scrollPositions.ts';
import { renderAllSections } from '../../shared/browser/sectionRendering.ts';

/** A restored position the page cannot reach yet (a part of it still loading) is aimed at for this long. */
const HOLD_MS = 3000;
/** What a visitor does to take the scroll over: aiming then stops. */
const TAKE_OVER_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * §2 back and forward return to the visitor's place (decision 033): the browser restores at
 * `popstate`, over the page being left, cut short by a shorter one; the app restores once the page
 * has rendered whole. A reload or a return from another site stays the browser's.
 */
export function startScrollRestoration(router: DataRouter): void {
  const positions = new Map<string, number>();
  window.history.scrollRestoration = 'manual';
  window.addEventListener('pagehide', () => (window.history.scrollRestoration = 'auto'));
  // Back into this document from the back-forward cache.
  window.addEventListener('pageshow', () => (window.history.scrollRestoration = 'manual'));

  // The entry shown, saved as a navigation away from it starts (at once for a new hash).
  let shown: string | undefined = router.state.location.key;
  router.subscribe((state) => {
    if (shown !== undefined && (state.navigation.state !== 'idle' || state.location.key !== shown)) {
      positions.set(shown, window.scrollY);
      shown = undefined;
    }
    if (state.navigation.state === 'idle') shown = state.location.key;
  });

  setScrollRestorer((key) => {
    const top = positions.get(key);
    if (top === undefined) return false;
    scrollAtOnce(top);
    return true;
  });
}

/** At once to `top`, sections rendered first (decision 016); a page still too short is waited for. */
function scrollAtOnce(top: number): void {
  renderAllSections();
  window.scrollTo({ top, left: 0, behavior: 'instant' });
  const started = performance.now();
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of TAKE_OVER_EVENTS) window.removeEventListener(type, stop, true);
  };
  const aim = () => {
    if (Math.abs(window.scrollY - top) <= 1 || performance.now() - started > HOLD_MS) return stop();
    window.scrollTo({ top, left: 0, behavior: 'instant' });
    frame = requestAnimationFrame(aim);
  };
  frame = requestAnimationFrame(aim);
  for (const type of TAKE_OVER_EVENTS) window.addEventListener(type, stop, { capture: true, passive: true });
}
