import { createElement, Suspense, useState, type ComponentType } from 'react';
import { chunkLoader } from './chunkLoader.ts';

/**
 * A part the server renders in full but the browser loads in its own chunk (the header, the
 * footer, every page's body, the lead forms, the error page): the first-load budget is the
 * framework floor + 20 KB of the site's own code (docs/decisions/014), and the server's HTML of
 * these parts is on screen and usable as plain HTML until their code arrives.
 *
 * On the server the module is imported at start-up, so the HTML always contains the part. In the
 * browser, hydration reaches the Suspense boundary, keeps the server's HTML as it is (no fallback,
 * no layout shift) and hydrates the part when its chunk arrives. `preload()` starts the chunk
 * early (before hydration, when the page is known to show it).
 */
export function lazyServerRendered<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> & { preload(): Promise<unknown> } {
  const { preload, component } = chunkLoader(load);
  if (typeof window === 'undefined') void preload();
  else created.push(preload);
  function LazyServerRendered(props: Props) {
    // The type chosen when the part mounts is kept: switching from the lazy wrapper to the
    // component once the chunk has arrived would make React remount the part (its DOM and state)
    // at its next render, e.g. the footer at the first navigation.
    const [type] = useState(component);
    return <Suspense fallback={null}>{createElement(type, props)}</Suspense>;
  }
  return Object.assign(LazyServerRendered, { preload });
}

/** The `preload` of every part the browser has created, in the order their modules evaluated. */
const created: Array<() => Promise<unknown>> = [];

/**
 * Runs `load` (a page body's chunk) and then loads every part the modules it evaluated create
 * (the home page's team grid, tariff table, client list…), and theirs in turn: a page that a
 * navigation shows is then whole at its first render, at its full height, instead of growing
 * as its parts arrive (an anchor or a restored scroll position would be pushed away).
 */
export async function loadWithItsParts(load: () => Promise<unknown>): Promise<void> {
  let from = created.length;
  await load();
  while (from < created.length) {
    const parts = created.slice(from);
    from = created.length;
    await Promise.all(parts.map((preload) => preload()));
  }
}

/**
 * The boundary `lazyServerRendered` puts around its part, for a part the server has at hand: the
 * server renders a page's body through this (server/features/pages/ssr/serverRoutes.ts) where the browser has a
 * lazy part (build/clientPageModules.ts), so hydration finds the Suspense boundary it expects in
 * the server's HTML.
 */
export function withLazyPartBoundary<Props extends object>(Component: ComponentType<Props>): ComponentType<Props> {
  function LazyPartBoundary(props: Props) {
    return <Suspense fallback={null}>{createElement(Component, props)}</Suspense>;
  }
  return LazyPartBoundary;
}
