import { useEffect, useRef, type RefObject } from 'react';
import { afterNextPaint } from '../browser/afterNextPaint.ts';

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

const reachable = (element: HTMLElement) => !element.closest('[hidden], [inert]') && element.getClientRects().length > 0;

/** Elements Tab can reach inside `container`, in order; hidden and inert ones are left out. */
function focusableElements(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(reachable);
}

/** The first of them: on opening, only it is laid out and checked, not every link of the layer. */
function firstFocusableElement(container: HTMLElement): HTMLElement | undefined {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].find(reachable);
}

interface FocusTrapOptions {
  readonly active: boolean;
  /** Called on Escape. */
  readonly onEscape?: () => void;
  /** Focused on close; defaults to whatever had focus when the trap opened. */
  readonly returnFocus?: RefObject<HTMLElement | null>;
}

/** Keeps Tab inside `container`, closes on Escape, returns focus on close (WAI-ARIA dialog; §2, §4). */
export function useFocusTrap(container: RefObject<HTMLElement | null>, { active, onEscape, returnFocus }: FocusTrapOptions): void {
  // The latest handlers, read at key time: the trap itself is set up once per opening.
  const latest = useRef({ onEscape, returnFocus });
  useEffect(() => {
    latest.current = { onEscape, returnFocus };
  });
  useEffect(() => {
    const root = container.current;
    if (!active || root === null) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Focus moves in once the layer has painted, so its layout and restyle are out of the tap.
    const cancelFocus = afterNextPaint(() => {
      if (root.contains(document.activeElement)) return;
      (firstFocusableElement(root) ?? root).focus({ preventScroll: true });
    });

    const onKeyDown = (event: KeyboardEvent) => {
      const escape = latest.current.onEscape;
      if (event.key === 'Escape' && escape) {
        event.preventDefault();
        escape();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableElements(root);
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      if (firstItem === undefined || lastItem === undefined) {
        event.preventDefault();
        root.focus();
        return;
      }
      const inside = root.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === firstItem || !inside)) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (document.activeElement === lastItem || !inside)) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    // Focus that escapes by a click outside or script comes back in.
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Node && !root.contains(event.target)) (focusableElements(root)[0] ?? root).focus();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      cancelFocus();
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      const target = latest.current.returnFocus?.current ?? previouslyFocused;
      // After the commit's other cleanups (a dialog's `inert`), or the page cannot take focus.
      queueMicrotask(() => {
        if (target?.isConnected) target.focus({ preventScroll: true });
      });
    };
  }, [active, container]);
}
