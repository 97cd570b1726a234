import { createElement, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

/** A part of the shell that loads its own chunk the first time it is wanted (see lazyWhenWanted). */
export interface LazyPart<Props> {
  (props: Props): ReactNode;
  /** Starts loading the chunk (on intent: pointer over or focus on the control that opens it). */
  preload(): Promise<unknown>;
}

/**
 * A part nobody sees on first paint (the burger menu's contents, the modal, the cookie notice,
 * toasts): nothing is rendered, on the server or in the browser, until `wanted(props)` is true;
 * then its chunk loads and it renders in place, and from then on it stays mounted (a part that
 * hides itself when closed keeps its state, as before). The first render is `null` on both sides,
 * so hydration never meets a lazy boundary. The owner's first-load budget: framework floor + 20 KB
 * of the site's own code (docs/performance.md).
 */
export function lazyWhenWanted<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  wanted: (props: Props) => boolean,
): LazyPart<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = (): Promise<ComponentType<Props>> => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed chunk may be asked for again (the next click retries).
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));

  function LazyWhenWanted(props: Props): ReactNode {
    const wantedNow = wanted(props);
    const [mounted, setMounted] = useState(wantedNow);
    if (wantedNow && !mounted) setMounted(true);
    if (!wantedNow && !mounted) return null;
    return <Suspense fallback={null}>{createElement(loaded ?? Lazy, props)}</Suspense>;
  }
  return Object.assign(LazyWhenWanted, { preload: () => preload().catch(() => undefined) });
}
