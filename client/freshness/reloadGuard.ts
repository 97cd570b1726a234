import { RELOAD_GUARD_KEY, RELOAD_GUARD_MS } from '../../shared/browser/freshnessTimings.ts';
import { pageBeingLeft } from '../../shared/browser/chunkLoader.ts';

/**
 * §8 "the page reloads once, guarded by a 10-second window stored in session storage": a deploy
 * that is itself broken (a chunk missing from the new build too) must not reload the tab in a
 * loop. Session storage survives the reload but not the tab, so each tab has its own window.
 * Returns whether the reload may happen now, and if so records it.
 */
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

/**
 * Full page load of `href` (the current page when omitted), at most once per guard window; never
 * while the visitor is leaving for another document (`pageBeingLeft`): that load would cancel theirs.
 */
export function reloadOnce(href?: string): boolean {
  if (pageBeingLeft()) return false;
  if (!claimReload(sessionStorageOrUndefined(), Date.now())) return false;
  if (href === undefined || href === window.location.href) window.location.reload();
  else window.location.assign(href);
  return true;
}
