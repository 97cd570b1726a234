/**
 * Runs `run` when the browser is idle, at the latest after `timeout` ms (Safari has no
 * requestIdleCallback: a short timer instead). Work that can wait must not add to the long tasks
 * of the first load (Total Blocking Time, docs/performance.md).
 */
export function whenIdle(run: () => void, timeout = 2000): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout });
  else window.setTimeout(run, 200);
}
