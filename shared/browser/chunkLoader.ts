import { lazy, type ComponentType } from 'react';

let loading = 0;
let lastArrival = Number.NEGATIVE_INFINITY;
let onFailure: ((error: unknown, routeId?: string) => boolean) | undefined;

/** §8: `handler` (startFreshness.ts) answers whether the page reloads for a chunk needed now that failed. */
export function handleChunkFailures(handler: (error: unknown, routeId?: string) => boolean): void {
  onFailure = handler;
}

/** The boot script's flag for a page being left: Firefox cancels its chunk loads, which are no errors (040). */
export const pageBeingLeft = (): boolean => typeof window !== 'undefined' && (window as { __leaving?: number }).__leaving === 1;

/** Rethrows, unless the page reloads or is left: then it never settles, so no error page flashes. */
export function failedChunk(error: unknown, routeId?: string): Promise<never> {
  if (pageBeingLeft() || onFailure?.(error, routeId) === true) return new Promise<never>(() => undefined);
  throw error;
}

/** A part on its way or arrived within `withinMs`: the page's height still changes (scrollToAnchor.ts waits). */
export function chunksSettling(now: number, withinMs: number): boolean {
  return loading > 0 || now - lastArrival < withinMs;
}

/** Loads a lazy part's chunk once (a failure may retry); once arrived, the component itself renders, no suspense. */
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
