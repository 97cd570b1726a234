import type { RefObject } from 'react';

/** The burger menu's id: the burger button's `popovertarget` and `aria-controls`. */
export const BURGER_MENU_ID = 'burger-menu';

export interface BurgerMenuProps {
  readonly onClose: () => void;
  /** The burger the browser displays: focus goes back to it on close (§2 a11y). */
  readonly returnFocus: RefObject<HTMLElement | null>;
}
