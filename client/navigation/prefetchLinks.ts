import { matchRoutes, type RouteObject } from 'react-router';
import { fetchDataPayload, pageKey, PREFETCH_TTL_MS, prefetchedPayloads, type PrefetchedPayloads } from './dataPayloads.ts';
import { linkedPageOf } from '../../shared/routes/pageLinkTarget.ts';
import { TAP_ATTRIBUTE } from '../../shared/browser/tapReplay.ts';
import { whenIdle } from '../../shared/browser/whenIdle.ts';
import { afterNextPaint } from '../../shared/browser/afterNextPaint.ts';
import { isConstrainedConnection } from './connection.ts';

/** Visible links are prefetched in the background, a few at a time, when the browser is idle. */
const VISIBLE_CONCURRENCY = 2;

/** The page a link leads to, unless it is a `data-tap` fallback or the page on screen: neither is followed. */
export function prefetchTargetOf(element: EventTarget | null): URL | null {
  if (element instanceof Element && element.closest(`a[${TAP_ATTRIBUTE}]`) !== null) return null;
  const url = linkedPageOf(element);
  if (url === null) return null;
  const onScreen = url.pathname === window.location.pathname && (url.search === '' || url.search === window.location.search);
  return onScreen ? null : url;
}

type RouteMatches = NonNullable<ReturnType<typeof matchRoutes<RouteObject>>>;

/** The pointer's ways of saying it may follow a link: hover, focus, touch start. */
const INTENT_EVENTS = ['pointerover', 'focusin', 'touchstart'] as const;

/** Starts loading the lazy code of each matched route not loaded yet; a failed load may be tried again. */
function loadCode(matches: RouteMatches, codeLoaded: Set<string>): Promise<unknown>[] {
  const work: Promise<unknown>[] = [];
  for (const match of matches) {
    const id = match.route.id;
    const lazy = match.route.lazy;
    if (id === undefined || codeLoaded.has(id) || typeof lazy !== 'function') continue;
    codeLoaded.add(id);
    work.push(lazy().catch(() => codeLoaded.delete(id)));
  }
  return work;
}

/** Asks for the page's data unless kept or asked within PREFETCH_TTL_MS (the tap's own intent comes later). */
function askData(
  url: URL,
  matches: RouteMatches,
  payloads: PrefetchedPayloads,
  dataAsked: Map<string, number>,
): Promise<unknown> | undefined {
  const key = pageKey(url);
  const askedAt = dataAsked.get(key);
  if (payloads.has(url) || (askedAt !== undefined && performance.now() - askedAt < PREFETCH_TTL_MS)) return undefined;
  dataAsked.set(key, performance.now());
  const ids = matches.map((match) => match.route.id).filter((id): id is string => id !== undefined);
  const payload = fetchDataPayload(url, ids);
  payloads.remember(url, ids, payload);
  return payload.catch(() => undefined);
}

/** Prefetches a page's code and data, each once for the session (`loadCode`, `askData`). */
function prefetcher(routes: RouteObject[], payloads: PrefetchedPayloads): (url: URL) => Promise<unknown> {
  const codeLoaded = new Set<string>();
  const dataAsked = new Map<string, number>();
  return (url) => {
    const matches = matchRoutes(routes, url.pathname);
    // An unmatched path is the 404 page, which is part of the main bundle already.
    if (matches === null) return Promise.resolve();
    const work = loadCode(matches, codeLoaded);
    const data = askData(url, matches, payloads, dataAsked);
    if (data !== undefined) work.push(data);
    return Promise.all(work);
  };
}

/** The links in view waiting their turn: prefetched VISIBLE_CONCURRENCY at a time, each at an idle moment. */
function idleQueue(prefetch: (url: URL) => Promise<unknown>): { add(url: URL): void; clear(): void } {
  const queue: URL[] = [];
  let running = 0;
  function pump() {
    while (running < VISIBLE_CONCURRENCY && queue.length > 0) {
      const url = queue.shift()!;
      running += 1;
      whenIdle(() => {
        void prefetch(url).finally(() => {
          running -= 1;
          pump();
        });
      });
    }
  }
  return {
    add(url) {
      queue.push(url);
      pump();
    },
    clear() {
      queue.length = 0;
    },
  };
}

/** A pointer, focus or touch on a link: prefetch after the next paint, out of the tap's INP. */
function intentListener(prefetch: (url: URL) => Promise<unknown>): (event: Event) => void {
  return (event) => {
    if (isConstrainedConnection()) return;
    const url = prefetchTargetOf(event.target);
    if (url !== null) afterNextPaint(() => void prefetch(url));
  };
}

/** Links in view are watched from a chunk of their own, from the first idle moment (prefetchInView.ts). */
function watchInViewWhenIdle(onVisible: (url: URL) => void): () => void {
  let stopInView: (() => void) | undefined;
  let stopped = false;
  whenIdle(() => {
    void import('./prefetchInView.ts').then(({ watchLinksInView }) => {
      if (stopped) return;
      stopInView = watchLinksInView(prefetchTargetOf, onVisible);
    });
  });
  return () => {
    stopped = true;
    stopInView?.();
  };
}

/**
 * §2 "links prefetch their route's code and data when hovered or visible" (decision 041): one
 * document listener for intent, a queue for links that stay in view, nothing on Save-Data or 2G.
 * The data is the navigation's own `?_data=` request, so a prefetched redirect or 404 is what the click shows.
 */
export function startPrefetching(routes: RouteObject[], payloads: PrefetchedPayloads = prefetchedPayloads): () => void {
  const prefetch = prefetcher(routes, payloads);
  const queue = idleQueue(prefetch);
  const onIntent = intentListener(prefetch);
  const stopWatching = watchInViewWhenIdle((url) => queue.add(url));

  // Seen from outside (DevTools, tests): this session prefetches nothing.
  if (isConstrainedConnection()) document.documentElement.dataset.prefetch = 'off';
  for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, { passive: true });

  return () => {
    for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent);
    stopWatching();
    queue.clear();
  };
}
