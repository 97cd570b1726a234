import { createElement, Suspense, useState, type ComponentType } from 'react';
import { chunkLoader } from './chunkLoader.ts';

/** A part the server renders whole and the browser hydrates from its own chunk when it arrives (decision 014). */
export function lazyServerRendered<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> & { preload(): Promise<unknown> } {
  const { preload, component } = chunkLoader(load);
  if (typeof window === 'undefined') void preload();
  else created.push(preload);
  function LazyServerRendered(props: Props) {
    // The type chosen at mount is kept: switching to the component would remount the part.
    const [type] = useState(component);
    return <Suspense fallback={null}>{createElement(type, props)}</Suspense>;
  }
  return Object.assign(LazyServerRendered, { preload });
}

/** The `preload` of every part the browser has created, in the order their modules evaluated. */
const created: Array<() => Promise<unknown>> = [];

/** Runs `load`, then loads the parts its modules create, and theirs: a navigation shows the page whole. */
export async function loadWithItsParts(load: () => Promise<unknown>): Promise<void> {
  let from = created.length;
  await load();
  while (from < created.length) {
    const parts = created.slice(from);
    from = created.length;
    await Promise.all(parts.map((preload) => preload()));
  }
}

/** The server's page body gets the Suspense boundary the browser's lazy part has (serverRoutes.ts). */
export function withLazyPartBoundary<Props extends object>(Component: ComponentType<Props>): ComponentType<Props> {
  function LazyPartBoundary(props: Props) {
    return <Suspense fallback={null}>{createElement(Component, props)}</Suspense>;
  }
  return LazyPartBoundary;
}
