import { prefersReducedMotion } from './motion.ts';
import { renderAllSections } from './sectionRendering.ts';
import { chunksSettling } from './chunkLoader.ts';

/** Within this many px of the header's offset the target counts as reached. */
const TOLERANCE_PX = 2;
/** The target is kept in place until it has not moved for this long… */
const SETTLED_MS = 1000;
/** …and for this long at most (images, fonts and lazily loaded parts above it settle well before). */
const MAX_HOLD_MS = 20_000;
/** A scroll that has not moved for this long has stopped. */
const STOPPED_MS = 250;
/** What a visitor does to take the scroll over: holding the target then stops. */
const TAKE_OVER_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

let stopHolding: (() => void) | undefined;

/** On `<html>`: `holding`, then `settled`, what the browser tests wait for instead of a time. */
export const ANCHOR_SCROLL_ATTRIBUTE = 'data-anchor-scroll';

/** The header height state (§3/§9) as mirrored into `--header-height` (AppState.tsx). */
function headerOffset(): number {
  const value = Number.parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--header-height'));
  return Number.isFinite(value) ? value : 0;
}

/**
 * Scrolls the element `id` to just below the header (§9) and holds it there while the page above
 * settles (sections, lazy parts, images, the font), until the visitor takes over. False: no such element.
 */
export function scrollToAnchor(id: string, { smooth = !prefersReducedMotion() } = {}): boolean {
  const element = document.getElementById(id);
  if (element === null) return false;
  stopHolding?.();
  // A disclosure target (a vacancy, `#vacancy-…`) opens; without scripts `:target` shows it (VacancyList.tsx).
  const disclosure = element.matches('details') ? element : element.querySelector(':scope > details');
  if (disclosure instanceof HTMLDetailsElement) disclosure.open = true;
  // Real heights above the target, not placeholders that change as the scroll passes them.
  renderAllSections();

  const wanted = () => {
    const max = document.documentElement.scrollHeight - window.innerHeight;
    return Math.max(0, Math.min(max, Math.round(element.getBoundingClientRect().top + window.scrollY - headerOffset())));
  };
  let aim = wanted();
  window.scrollTo({ top: aim, behavior: smooth ? 'smooth' : 'instant' });

  const started = performance.now();
  let stableSince = started;
  let lastY = window.scrollY;
  let stillSince = started;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    document.documentElement.setAttribute(ANCHOR_SCROLL_ATTRIBUTE, 'settled');
    for (const type of TAKE_OVER_EVENTS) window.removeEventListener(type, stop, true);
    if (stopHolding === stop) stopHolding = undefined;
  };
  const hold = (now: number) => {
    const target = wanted();
    const arrived = Math.abs(window.scrollY - target) <= TOLERANCE_PX;
    if (Math.abs(target - aim) > TOLERANCE_PX) {
      // The target moved: aim again (smoothly while still on the way, at once when already there).
      aim = target;
      stableSince = now;
      window.scrollTo({ top: aim, behavior: smooth && !arrived ? 'smooth' : 'instant' });
    } else if (!arrived || chunksSettling(now, SETTLED_MS)) {
      // Not there yet, or a part of the page is still on its way and will push the target.
      stableSince = now;
    }
    if (!arrived) {
      // A smooth scroll that stopped short (cancelled by another scroll) is finished at once.
      if (window.scrollY !== lastY) stillSince = now;
      else if (now - stillSince > STOPPED_MS) window.scrollTo({ top: aim, behavior: 'instant' });
    }
    lastY = window.scrollY;
    if (now - stableSince >= SETTLED_MS || now - started >= MAX_HOLD_MS) return stop();
    frame = requestAnimationFrame(hold);
  };
  frame = requestAnimationFrame(hold);
  for (const type of TAKE_OVER_EVENTS) window.addEventListener(type, stop, { capture: true, passive: true });
  stopHolding = stop;
  document.documentElement.setAttribute(ANCHOR_SCROLL_ATTRIBUTE, 'holding');
  return true;
}
