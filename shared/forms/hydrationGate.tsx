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
 * A part of the server's HTML that hydrates after the page (decision 041): a Suspense boundary
 * whose content waits until `open()`, its server HTML kept as a working plain form meanwhile.
 * `open()` marks the promise settled before resolving it, so a render in the same task hydrates
 * the part: a boundary still waiting when an urgent update reaches it would be rendered anew,
 * what was typed into it lost.
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
