import type { RefObject } from 'react';

/** The burger menu's id: the burger button's `popovertarget` and `aria-controls`. */
export const BURGER_MENU_ID = 'burger-menu';

export interface BurgerMenuProps {
  readonly onClose: () => void;
  /** The burger the browser displays: focus goes back to it on close (§2 a11y). */
  readonly returnFocus: RefObject<HTMLElement | null>;
}

/**
 * Whether the browser has the Popover API. Where it has not, the burger is the site map link and
 * the menu opens by script alone (docs/decisions/031).
 */
export function supportsPopover(): boolean {
  return typeof HTMLElement !== 'undefined' && Object.hasOwn(HTMLElement.prototype, 'popover');
}
