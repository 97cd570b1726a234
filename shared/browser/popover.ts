import { useEffect, useRef, type RefObject } from 'react';

/** Whether the browser has the Popover API; without it the app's state shows the popovers (decision 031). */
export function supportsPopover(): boolean {
  return typeof HTMLElement !== 'undefined' && Object.hasOwn(HTMLElement.prototype, 'popover');
}

/** The app's state into a server-rendered popover (031); not at mount, when a tap may have opened it already. */
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
