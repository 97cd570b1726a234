import { lazy, type ComponentType } from 'react';

let loading = 0;
let lastArrival = Number.NEGATIVE_INFINITY;
let onFailure: ((error: unknown, routeId?: string) => boolean) | undefined;

/**
 * §8: what happens when a chunk that is needed now cannot load: a part being rendered, or the
 * chunks of a route a navigation goes to (`routeId`). The freshness check registers the page's
 * reload once (client/freshness/startFreshness.ts); `handler` answers whether the page is going
 * away.
 */
export function handleChunkFailures(handler: (error: unknown, routeId?: string) => boolean): void {
  onFailure = handler;
}

/**
 * Whether the visitor is leaving for another document: the boot script's flag
 * (server/features/pages/ssr/bootScript.ts). Firefox cancels the page's pending chunk loads then, and each would
 * otherwise show the error page on the page being left, or reload it and so cancel the visitor's
 * navigation (decision 040).
 */
export const pageBeingLeft = (): boolean => typeof window !== 'undefined' && (window as { __leaving?: number }).__leaving === 1;

/**
 * Rethrows `error`, unless the page reloads for it or is being left: then the part or the
 * navigation waits on a promise that never settles, the page as it was, instead of the error page
 * showing until the reload or the next document.
 */
export function failedChunk(error: unknown, routeId?: string): Promise<never> {
  if (pageBeingLeft() || onFailure?.(error, routeId) === true) return new Promise<never>(() => undefined);
  throw error;
}

/**
 * Whether a lazily loaded part is on its way or arrived within `withinMs`: a page just navigated to
 * keeps changing height until its parts have arrived and React has shown them (it reveals
 * suspended content in batches, a few hundred ms apart). scrollToAnchor.ts holds its target until then.
 */
export function chunksSettling(now: number, withinMs: number): boolean {
  return loading > 0 || now - lastArrival < withinMs;
}

/**
 * The one loader behind the site's lazily loaded parts (lazyServerRendered, lazyWhenWanted): the
 * chunk is asked for once, a failed load may be asked for again (the next attempt retries), and
 * once it has arrived the component itself is rendered rather than the `lazy` wrapper, so a part
 * shown again does not suspend.
 */
export function chunkLoader<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): {
  readonly preload: () => Promise<ComponentType<Props>>;
  readonly component: () => ComponentType<Props>;
  /** Whether the chunk has arrived (then `component()` is the component itself). */
  readonly arrived: () => boolean;
} {
  let loaded: ComponentType<Props> | undefined;
  let request: Promise<ComponentType<Props>> | undefined;
  const preload = (): Promise<ComponentType<Props>> => {
    if (request === undefined) {
      loading += 1;
      request = load().then(
        (component) => {
          loading -= 1;
          lastArrival = performance.now();
          return (loaded = component);
        },
        (error: unknown) => {
          loading -= 1;
          request = undefined;
          throw error;
        },
      );
    }
    return request;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component }), failedChunk)) as unknown as ComponentType<Props>;
  return { preload, component: () => loaded ?? Lazy, arrived: () => loaded !== undefined };
}
