import { useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';
import { ELEMENT_ANCHOR_PARAM } from '../browser/anchors.ts';
import { scrollPositionRestored } from '../browser/scrollPositions.ts';
import { scrollToAnchor } from '../browser/scrollToAnchor.ts';

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

/** §5 `element_anchor_id` and in-app `#hash` links scroll below the header: at once on arrival, smoothly on the page. */
export function useAnchorScroll(): void {
  const { pathname, search, hash, key } = useLocation();
  const navigationType = useNavigationType();
  const shownPath = useRef<string | null>(null);
  useLayoutEffect(() => {
    const arriving = shownPath.current !== pathname;
    shownPath.current = pathname;
    const anchor = anchorFromUrl(search, hash);
    if (anchor === null || (navigationType === NavigationType.Pop && scrollPositionRestored(key))) return undefined;
    const deadline = Date.now() + WAIT_FOR_TARGET_MS;
    let frame = 0;
    const attempt = () => {
      if (scrollToAnchor(anchor, arriving ? { smooth: false } : undefined) || Date.now() > deadline) return;
      frame = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [key, pathname, search, hash, navigationType]);
}
