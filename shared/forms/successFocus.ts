import { useEffect, type RefObject } from 'react';
import { useLocation } from 'react-router';

/**
 * The navigation state a lead form sends to the page it lands on after a stored lead
 * (/success/request/): that page puts the focus on its message, so assistive technology reads it
 * and the keyboard continues from it, instead of starting over from `body`.
 */
export const LEAD_SENT_STATE = 'leadSent';

/** Focuses `message` (give it `tabIndex={-1}`) when the page was reached by sending a lead form. */
export function useFocusWhenLeadSent(message: RefObject<HTMLElement | null>): void {
  const location = useLocation();
  const sent = (location.state as Record<string, unknown> | null)?.[LEAD_SENT_STATE] === true;
  useEffect(() => {
    if (sent) message.current?.focus();
  }, [sent, location.key, message]);
}
