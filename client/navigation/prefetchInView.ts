import { pageKey } from './dataPayloads.ts';
import { isConstrainedConnection } from './connection.ts';

/** Links that stayed in view this long, a few pages per page shown: every link was 8 requests on /services/ (041). */
export const VISIBLE_DWELL_MS = 1500;
export const VISIBLE_BUDGET = 3;

/** Hands `enqueue` the pages of links that stay in view, `VISIBLE_BUDGET` per page shown; returns a stop. */
export function watchLinksInView(targetOf: (link: Element) => URL | null, enqueue: (url: URL) => void): () => void {
  const taken = new Map<string, Set<string>>();
  const take = (link: Element): boolean => {
    const url = targetOf(link);
    const pages = taken.get(window.location.pathname) ?? new Set<string>();
    taken.set(window.location.pathname, pages);
    if (url === null || pages.size >= VISIBLE_BUDGET || pages.has(pageKey(url))) return false;
    pages.add(pageKey(url));
    enqueue(url);
    // How many in-view links this page has prefetched, to be seen from outside (DevTools, tests).
    document.documentElement.dataset.prefetchedInView = String(pages.size);
    return true;
  };
  const dwell = trackDwell(take);
  const observeLinks = (root: ParentNode) => {
    for (const link of root.querySelectorAll('a[href]')) dwell.observer.observe(link);
  };
  const added = new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      for (const node of mutation.addedNodes) {
        if (!(node instanceof Element)) continue;
        if (node.matches('a[href]')) dwell.observer.observe(node);
        observeLinks(node);
      }
    }
  });
  observeLinks(document);
  added.observe(document.body, { childList: true, subtree: true });
  return () => {
    dwell.stop();
    added.disconnect();
  };
}

/** Offers each link that has stayed in view `VISIBLE_DWELL_MS` to `take`; one taken is watched no more. */
function trackDwell(take: (link: Element) => boolean): { observer: IntersectionObserver; stop(): void } {
  const timers = new Map<Element, ReturnType<typeof setTimeout>>();
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const link = entry.target;
      clearTimeout(timers.get(link));
      timers.delete(link);
      if (!entry.isIntersecting || isConstrainedConnection()) continue;
      timers.set(
        link,
        setTimeout(() => {
          // Still in view (a link that left got its timer cleared) and still in the document.
          timers.delete(link);
          if (link.isConnected && take(link)) observer.unobserve(link);
        }, VISIBLE_DWELL_MS),
      );
    }
  });
  return {
    observer,
    stop() {
      observer.disconnect();
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
