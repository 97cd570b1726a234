import { renderAllSections } from '../ui/sectionRendering.ts';

/**
 * Session-storage key of the scroll positions by history entry: they outlive the document, so a
 * reload or a return from another site lands where the visitor was, as in-app back does.
 */
const STORAGE_KEY = 'scroll-positions';
/** A restored position the page cannot reach yet (a part of it still loading) is aimed at for this long. */
const HOLD_MS = 3000;
/** What a visitor does to take the scroll over: aiming then stops. */
const TAKE_OVER_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

let positions: Record<string, unknown> | undefined;

function stored(): Record<string, unknown> {
  if (positions === undefined) {
    try {
      const parsed: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}');
      positions = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
    } catch {
      positions = {};
    }
  }
  return positions;
}

/** Remembers where the page of history entry `key` is scrolled to, as the visitor leaves it. */
export function saveScrollPosition(key: string): void {
  stored()[key] = window.scrollY;
}

export function forgetScrollPosition(key: string): void {
  delete stored()[key];
}

/** Writes the positions to session storage (the document is going away). */
export function persistScrollPositions(): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(stored()));
  } catch {
    // Storage full or disabled: back inside this document still works from memory.
  }
}

/** Whether the router's pending navigation is a move through the history (back, forward). */
export function isHistoryTraversal(key: string): boolean {
  // The router keeps each entry's key in `history.state` (none for the tab's first entry, which it
  // calls "default"); on `popstate` the state is already the target entry's, while a push writes
  // its new key only once the navigation completes.
  return typeof window !== 'undefined' && ((window.history.state as { key?: unknown } | null)?.key ?? 'default') === key;
}

/**
 * Scrolls at once to where the visitor left the page of entry `key` (no smooth scroll: back and
 * forward return to a place, they do not travel to it). Sections are rendered first, so their real
 * heights, not placeholders, are what the position refers to (docs/decisions/016); a part still
 * loading that makes the page too short for now is waited for, until the visitor scrolls.
 */
export function restoreScrollPosition(key: string): boolean {
  const top = stored()[key];
  if (typeof top !== 'number') return false;
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
  return true;
}

/** Whether back or forward to entry `key` has a place to return to (then it is not an anchor jump). */
export function hasScrollPosition(key: string): boolean {
  return typeof stored()[key] === 'number';
}
