import { useEffect } from 'react';

/** How many open layers (burger menu, dialogs) hold the lock; the page scrolls again at zero. */
let holders = 0;

function lock() {
  holders += 1;
  if (holders > 1) return;
  const root = document.documentElement;
  // The scrollbar disappears with `overflow: hidden`; padding takes its place so nothing jumps.
  const scrollbar = window.innerWidth - root.clientWidth;
  if (scrollbar > 0) document.body.style.paddingRight = `${scrollbar}px`;
  root.dataset.scrollLocked = 'true';
}

function unlock() {
  holders = Math.max(0, holders - 1);
  if (holders > 0) return;
  delete document.documentElement.dataset.scrollLocked;
  document.body.style.paddingRight = '';
}

/** §2 "locks page scroll while open": `html[data-scroll-locked]` (see globalStyles) while active. */
export function useScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    lock();
    return unlock;
  }, [active]);
}
