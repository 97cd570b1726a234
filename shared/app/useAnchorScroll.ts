import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ELEMENT_ANCHOR_PARAM } from './anchors.ts';
import { useAppState } from './AppState.tsx';
import { scrollToAnchor } from './scrollToAnchor.ts';

/** How long to wait for the target to appear (a page still loading its lazy chunk). */
const WAIT_FOR_TARGET_MS = 1500;

/** The anchor a URL asks for: §5's `element_anchor_id` query parameter, else the hash. */
export function anchorFromUrl(search: string, hash: string): string | null {
  const fromQuery = new URLSearchParams(search).get(ELEMENT_ANCHOR_PARAM);
  if (fromQuery) return fromQuery;
  if (hash.length > 1) {
    try {
      return decodeURIComponent(hash.slice(1));
    } catch {
      return hash.slice(1);
    }
  }
  return null;
}

/**
 * §5 "Query parameter element_anchor_id scrolls to the element with that anchor", and the same
 * for `#hash` links followed inside the app (the browser only does it on a full page load),
 * both offset by the header height state. The first page load with a plain hash is left to the
 * browser (`scroll-padding-top` keeps it clear of the header).
 */
export function useAnchorScroll(): void {
  const { search, hash, key } = useLocation();
  const { headerHeight } = useAppState();
  useEffect(() => {
    const anchor = anchorFromUrl(search, hash);
    if (anchor === null) return;
    if (key === 'default' && !new URLSearchParams(search).has(ELEMENT_ANCHOR_PARAM)) return;
    const deadline = Date.now() + WAIT_FOR_TARGET_MS;
    let frame = 0;
    const attempt = () => {
      if (scrollToAnchor(anchor, headerHeight) || Date.now() > deadline) return;
      frame = requestAnimationFrame(attempt);
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
    // Once per location (headerHeight left out on purpose): a resize must not scroll the visitor back.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see the line above
  }, [key, search, hash]);
}
