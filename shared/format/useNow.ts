import { useEffect, useState } from 'react';

/**
 * "Now" for relative dates («3 дня назад»). The first render uses the day the server rendered the
 * page (`renderedToday`, passed in loader data), so the browser hydrates exactly the server's
 * words; after hydration it switches to the visitor's clock, which matters only when a cached
 * page is old.
 */
export function useNow(renderedAt: string): Date {
  const [now, setNow] = useState(() => new Date(renderedAt));
  useEffect(() => setNow(new Date()), []);
  return now;
}
