/** §2 back and forward: the restorer (client/navigation/scrollRestoration.ts) registers here; PageTransition asks it. */
let restorer: ((key: string) => boolean) | undefined;
let restoredKey: string | undefined;

export function setScrollRestorer(restore: (key: string) => boolean): void {
  restorer = restore;
}

/** Scrolls to where the visitor left the page of history entry `key`, if that is known. */
export function restoreScrollPosition(key: string): void {
  restoredKey = restorer?.(key) === true ? key : undefined;
}

/** Whether the page of entry `key` has just been returned to its place (then it is no anchor jump). */
export function scrollPositionRestored(key: string): boolean {
  return restoredKey === key;
}

/** Whether the router's pending navigation is a move through the history (back, forward). */
export function isHistoryTraversal(key: string): boolean {
  // The router's key in `history.state` ("default" for the first entry), already the target's at `popstate`.
  return typeof window !== 'undefined' && ((window.history.state as { key?: unknown } | null)?.key ?? 'default') === key;
}
