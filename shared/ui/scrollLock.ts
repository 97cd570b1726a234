import { useEffect } from 'react';

/** How many open layers (burger menu, dialogs) hold the lock; the page scrolls again at zero. */
let holders = 0;

function lock() {
  holders += 1;
  if (holders > 1) return;
  document.documentElement.dataset.scrollLocked = 'true';
}

function unlock() {
  holders = Math.max(0, holders - 1);
  if (holders > 0) return;
  delete document.documentElement.dataset.scrollLocked;
}

/** §2 "locks page scroll while open"; the gutter stays (globalStyles.ts), so nothing reads layout in the tap (017). */
export function useScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    lock();
    return unlock;
  }, [active]);
}
