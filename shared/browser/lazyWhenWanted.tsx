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
 *
 * A part wanted before its chunk has arrived renders nothing until it has, rather than suspending:
 * React reveals a boundary's content no sooner than 300 ms after it committed the fallback (its
 * throttle of Suspense reveals), so the modal tapped while its chunk was 50 ms away painted
 * 400–500 ms after the tap on the mobile profile (docs/decisions/017).
 */
export function lazyWhenWanted<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  wanted: (props: Props) => boolean,
): LazyPart<Props> {
  // A failed chunk may be asked for again (the next click retries).
  const { preload, component, arrived } = chunkLoader(load);

  function LazyWhenWanted(props: Props): ReactNode {
    const wantedNow = wanted(props);
    const [mounted, setMounted] = useState(wantedNow);
    // Whether the chunk has been waited for: arrived, or failed (then the `lazy` wrapper asks for
    // it again and a second failure reaches the chunk-failure handling, chunkLoader.ts).
    const [waited, setWaited] = useState(arrived);
    if (wantedNow && !mounted) setMounted(true);
    if (!mounted) return null;
    if (!waited && !arrived()) {
      // The request is the one `preload` made (or makes now), as `lazy` would ask for it here.
      const settle = () => setWaited(true);
      preload().then(settle, settle);
      return null;
    }
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
