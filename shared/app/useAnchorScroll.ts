import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ELEMENT_ANCHOR_PARAM } from './anchors.ts';
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
 * both offset by the header height state (scrollToAnchor.ts). On the first page load with a plain
 * hash the browser has already jumped, every section rendered (server/ssr/headScript.ts): the
 * target is only kept in place, without a smooth scroll, while fonts and images settle above it.
 */
export function useAnchorScroll(): void {
  const { search, hash, key } = useLocation();
  useEffect(() => {
    const anchor = anchorFromUrl(search, hash);
    if (anchor === null) return;
    const nativeJump = key === 'default' && !new URLSearchParams(search).has(ELEMENT_ANCHOR_PARAM);
    const deadline = Date.now() + WAIT_FOR_TARGET_MS;
    let frame = 0;
    const attempt = () => {
      if (scrollToAnchor(anchor, nativeJump ? { smooth: false } : undefined) || Date.now() > deadline) return;
      frame = requestAnimationFrame(attempt);
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [key, search, hash]);
}
