import type { DataRouter } from 'react-router';
import { setScrollRestorer } from '../../shared/browser/scrollPositions.ts';
import { renderAllSections } from '../../shared/browser/sectionRendering.ts';

/** A restored position the page cannot reach yet (a part of it still loading) is aimed at for this long. */
const HOLD_MS = 3000;
/** What a visitor does to take the scroll over: aiming then stops. */
const TAKE_OVER_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * §2 back and forward return to the place the visitor left, whatever the height of the page in
 * between: the browser's own restoration scrolls at `popstate`, while the page being left is still
 * shown, and a shorter page cuts the position short. The app restores instead, once the page
 * returned to has rendered whole (PageTransition.tsx; a navigation commits only when the page's
 * data, code and parts are in), from positions saved as each navigation starts. Started at the
 * first idle moment: until then, and for a reload or a return from another site, the browser's own
 * restoration stays in charge (the document's entry is handed back to it as the page goes away).
 */
export function startScrollRestoration(router: DataRouter): void {
  const positions = new Map<string, number>();
  window.history.scrollRestoration = 'manual';
  window.addEventListener('pagehide', () => (window.history.scrollRestoration = 'auto'));
  // Back into this document from the back-forward cache.
  window.addEventListener('pageshow', () => (window.history.scrollRestoration = 'manual'));

  // The entry shown and not yet saved: saved as a navigation away from it starts loading, or at
  // once when the navigation has nothing to load (a new hash), before the next page is rendered.
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

/**
 * Scrolls at once to `top` (no smooth scroll: back and forward return to a place, they do not
 * travel to it). Sections are rendered first, so their real heights, not placeholders, are what
 * the position refers to (docs/decisions/016); a part still loading that makes the page too short
 * for now is waited for, until the visitor scrolls.
 */
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
