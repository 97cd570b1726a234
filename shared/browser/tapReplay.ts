import { useEffect, useState, type RefObject } from 'react';

/*
 * No tap is lost between the first paint and hydration (docs/decisions/017). A control whose
 * behaviour with JavaScript differs from its native one (the burger link opens the menu overlay,
 * the call-to-action link opens the modal or scrolls, the footer logo toggles its animation) is
 * marked `data-tap="<name>"` by the server. Until the control's code has hydrated it, the page's
 * first inline script (server/platform/render/headScript.ts) takes a click on it, keeps the element as
 * the pending tap and marks `<html data-pending-tap="<name>">` (the control shows it is working);
 * once hydrated, the control marks itself live and replays the pending tap, once. Should the
 * JavaScript never arrive, the tap is followed natively (a link is a link).
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

/**
 * Marks the control at `ref` live once hydrated, replays a tap that arrived before, and returns
 * whether it is live (a control may render its enhanced semantics from then on: the server's
 * HTML and the first render in the browser stay the native ones).
 */
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

/**
 * Shows `name`'s controls as pending (the same style as a kept tap) until `ready` settles: a live
 * control whose effect waits for a chunk still on its way (the call-to-action's modal tapped just
 * after hydration) shows at once that the tap was taken. Nothing is painted when `ready` has
 * already settled: the attribute goes in the same task's microtasks, before the frame.
 */
export function showPendingUntil(name: TapControl, ready: Promise<unknown>): void {
  const root = document.documentElement;
  root.setAttribute(PENDING_TAP_ATTRIBUTE, name);
  const done = () => {
    if (root.getAttribute(PENDING_TAP_ATTRIBUTE) === name && (window as TapWindow).__pendingTap == null)
      root.removeAttribute(PENDING_TAP_ATTRIBUTE);
  };
  ready.then(done, done);
}
