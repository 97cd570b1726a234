import { useEffect, useState } from 'react';

/** "Now" for relative dates: the server's day at hydration, so the words match, then the visitor's clock. */
export function useNow(renderedAt: string): Date {
  const [now, setNow] = useState(() => new Date(renderedAt));
  useEffect(() => setNow(new Date()), []);
  return now;
}
