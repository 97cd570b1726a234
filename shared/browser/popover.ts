import { useEffect, useRef, type RefObject } from 'react';

/**
 * Whether the browser has the Popover API. Where it has not, the burger is the site map link, and
 * its menu, like the feedback window, is shown by the app's state alone (docs/decisions/031).
 */
export function supportsPopover(): boolean {
  return typeof HTMLElement !== 'undefined' && Object.hasOwn(HTMLElement.prototype, 'popover');
}

/**
 * The app's state into the browser's, for a popover the server renders closed (the burger's menu,
 * the feedback window; decision 031): `open` shows it, closed hides it. Not at mount with it closed
 * in the app: the popover may have been opened before hydration, and its `toggle` tells the app so.
 */
export function usePopoverShownWhen(popover: RefObject<HTMLElement | null>, open: boolean): void {
  const synced = useRef(false);
  useEffect(() => {
    const element = popover.current;
    const first = !synced.current;
    synced.current = true;
    if (element === null || !supportsPopover() || (first && !open)) return;
    const shown = element.matches(':popover-open');
    if (open && !shown) element.showPopover();
    else if (!open && shown) element.hidePopover();
  }, [popover, open]);
}
