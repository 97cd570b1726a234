import { createElement, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { chunkLoader } from './chunkLoader.ts';

/** A part of the shell that loads its own chunk the first time it is wanted (see lazyWhenWanted). */
export interface LazyPart<Props> {
  (props: Props): ReactNode;
  /** Starts loading the chunk (on intent: pointer over or focus on the control that opens it). */
  preload(): Promise<unknown>;
}

/**
 * A part nobody sees at first paint (decision 014): rendered nowhere until `wanted(props)`, then
 * loaded and kept mounted. It renders nothing until its chunk is in rather than suspending: React
 * throttles a Suspense reveal to 300 ms, and the modal painted 400–500 ms after the tap (017).
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
    // Arrived or failed (then `lazy` asks again and a second failure is chunkLoader.ts's).
    const [waited, setWaited] = useState(arrived);
    if (wantedNow && !mounted) setMounted(true);
    if (!mounted) return null;
    if (!waited && !arrived()) {
      const settle = () => setWaited(true);
      preload().then(settle, settle);
      return null;
    }
    return <Suspense fallback={null}>{createElement(Mounted, props)}</Suspense>;
  }
  // One element type for the part's whole life, or a later render would mount it again.
  function Mounted(props: Props): ReactNode {
    const [type] = useState(component);
    return createElement(type, props);
  }
  return Object.assign(LazyWhenWanted, { preload: () => preload().catch(() => undefined) });
}
