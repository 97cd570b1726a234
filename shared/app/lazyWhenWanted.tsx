import { createElement, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { chunkLoader } from './chunkLoader.ts';

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
 * hides itself when closed keeps its state). The first render is `null` on both sides, so
 * hydration never meets a lazy boundary. It keeps these parts out of the first-load budget:
 * framework floor + 20 KB of the site's own code (docs/decisions/014).
 */
export function lazyWhenWanted<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  wanted: (props: Props) => boolean,
): LazyPart<Props> {
  // A failed chunk may be asked for again (the next click retries).
  const { preload, component } = chunkLoader(load);

  function LazyWhenWanted(props: Props): ReactNode {
    const wantedNow = wanted(props);
    const [mounted, setMounted] = useState(wantedNow);
    if (wantedNow && !mounted) setMounted(true);
    if (!wantedNow && !mounted) return null;
    return <Suspense fallback={null}>{createElement(Mounted, props)}</Suspense>;
  }
  // One element type for the part's whole life: mounted through the `lazy` wrapper, it would
  // otherwise be mounted again, state and DOM lost, when a later render picks the loaded component.
  function Mounted(props: Props): ReactNode {
    const [type] = useState(component);
    return createElement(type, props);
  }
  return Object.assign(LazyWhenWanted, { preload: () => preload().catch(() => undefined) });
}
