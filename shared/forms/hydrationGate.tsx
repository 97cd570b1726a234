import { Suspense, use, type ReactNode } from 'react';

/** A promise React's `use` can read synchronously once it is settled (its `status` and `value`). */
type Readable = Promise<void> & { status?: 'pending' | 'fulfilled'; value?: undefined };

export interface HydrationGate {
  /** Lets the part hydrate (once; later calls do nothing); a render after it never waits. */
  readonly open: () => void;
  readonly isOpen: () => boolean;
  /** The part's Suspense boundary: the server renders it in full, the browser hydrates it once open. */
  readonly Boundary: (props: { readonly children: ReactNode }) => ReactNode;
}

/**
 * A part of the server's HTML that hydrates after the page around it (docs/decisions/041, "The
 * window's form hydrates when wanted"): its own Suspense boundary, whose content waits until
 * `open()`. Until then React keeps the boundary's server HTML as it is, a plain HTML form that
 * works and posts without the script, and the page's hydration passes it by; once open, React
 * hydrates it in its own yielding render, or at once for a discrete event on it.
 *
 * `open()` marks the promise settled before resolving it, so a render in the same task (the app
 * opening the window, a navigation re-rendering the shell) hydrates the part instead of
 * suspending: a boundary still waiting when an urgent update reaches it would be rendered on the
 * client instead, its server HTML (and what was typed into it) replaced.
 */
export function hydrationGate(): HydrationGate {
  let resolve: () => void = () => undefined;
  const opened = new Promise<void>((done) => {
    resolve = done;
  });
  const isOpen = () => (opened as Readable).status === 'fulfilled';
  const open = () => {
    if (isOpen()) return;
    const readable = opened as Readable;
    readable.status = 'fulfilled';
    readable.value = undefined;
    resolve();
  };
  function Wait(): null {
    // The server renders the part in full: only the browser waits.
    if (typeof window !== 'undefined' && !isOpen()) use(opened);
    return null;
  }
  function Boundary({ children }: { readonly children: ReactNode }) {
    return (
      <Suspense fallback={null}>
        <Wait />
        {children}
      </Suspense>
    );
  }
  return { open, isOpen, Boundary };
}
