import { RELOAD_GUARD_KEY, RELOAD_GUARD_MS } from '../../shared/browser/freshnessTimings.ts';
import { pageBeingLeft } from '../../shared/browser/chunkLoader.ts';

/** §8 reloads at most once per 10-second window in session storage, so a broken deploy cannot loop. */
export function claimReload(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined, now: number): boolean {
  let last: number;
  try {
    last = Number(storage?.getItem(RELOAD_GUARD_KEY));
  } catch {
    // Storage disabled (privacy mode): without a guard, never force a reload.
    return false;
  }
  // Within the window on either side: a clock set back must not turn the guard off.
  if (Number.isFinite(last) && last > 0 && Math.abs(now - last) < RELOAD_GUARD_MS) return false;
  try {
    storage?.setItem(RELOAD_GUARD_KEY, String(now));
  } catch {
    return false;
  }
  return storage !== undefined;
}

function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Full page load of `href` once per window, never while the visitor is leaving (it would cancel theirs). */
export function reloadOnce(href?: string): boolean {
  if (pageBeingLeft()) return false;
  if (!claimReload(sessionStorageOrUndefined(), Date.now())) return false;
  if (href === undefined || href === window.location.href) window.location.reload();
  else window.location.assign(href);
  return true;
}
