import { useEffect, type RefObject } from 'react';
import { useLocation } from 'react-router';

/** The navigation state after a stored lead: the page it lands on focuses its message, not `body`. */
export const LEAD_SENT_STATE = 'leadSent';

/** Focuses `message` (give it `tabIndex={-1}`) when the page was reached by sending a lead form. */
export function useFocusWhenLeadSent(message: RefObject<HTMLElement | null>): void {
  const location = useLocation();
  const sent = (location.state as Record<string, unknown> | null)?.[LEAD_SENT_STATE] === true;
  useEffect(() => {
    if (sent) message.current?.focus();
  }, [sent, location.key, message]);
}
