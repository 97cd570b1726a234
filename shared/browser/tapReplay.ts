import { useEffect, useState, type RefObject } from 'react';

/*
 * No tap is lost between the first paint and hydration (decision 017): a `data-tap` control's click
 * is kept by the head script (server/platform/render/headScript.ts), shown as pending, and replayed
 * once its code is live; should the code never arrive, the tap is followed natively.
 */

/** On a control: its name, for the pending state's style. */
export const TAP_ATTRIBUTE = 'data-tap';
/** On a control: its code has hydrated, clicks reach React as usual. */
export const LIVE_ATTRIBUTE = 'data-live';
/** On `<html>`: the name of the control whose tap waits for its code. */
export const PENDING_TAP_ATTRIBUTE = 'data-pending-tap';

/** The controls that take part, with the value of their `data-tap`. */
export const TAP_CONTROLS = ['burger', 'cta', 'footer-logo'] as const;
export type TapControl = (typeof TAP_CONTROLS)[number];

/** What the capture script keeps on `window`. */
export interface TapWindow {
  /** The control a tap on which waits for its code. */
  __pendingTap?: Element | null;
  /** Follows the pending tap natively from now on (the JavaScript failed to arrive). */
  __tapFallback?: () => void;
}

/** Spread onto a control that takes part: `<a {...tapAttributes('burger')}>`. */
export function tapAttributes(name: TapControl): { readonly 'data-tap': TapControl } {
  return { 'data-tap': name };
}

/** Marks the control live once hydrated, replays a kept tap, and says whether it is live (enhanced semantics from then). */
export function useTapReplay(ref: RefObject<HTMLElement | null>): boolean {
  const [live, setLive] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (element === null) return;
    element.setAttribute(LIVE_ATTRIBUTE, '');
    setLive(true);
    const tapWindow = window as TapWindow;
    if (tapWindow.__pendingTap !== element) return;
    tapWindow.__pendingTap = null;
    document.documentElement.removeAttribute(PENDING_TAP_ATTRIBUTE);
    element.click();
  }, [ref]);
  return live;
}

/** Shows `name`'s controls as pending until `ready` settles (a live control waiting for a chunk). */
export function showPendingUntil(name: TapControl, ready: Promise<unknown>): void {
  const root = document.documentElement;
  root.setAttribute(PENDING_TAP_ATTRIBUTE, name);
  const done = () => {
    if (root.getAttribute(PENDING_TAP_ATTRIBUTE) === name && (window as TapWindow).__pendingTap == null)
      root.removeAttribute(PENDING_TAP_ATTRIBUTE);
  };
  ready.then(done, done);
}
