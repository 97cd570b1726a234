/** Runs `run` when idle, at the latest after `timeout` ms (Safari: a timer), out of the first load's long tasks. */
export function whenIdle(run: () => void, timeout = 2000): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout });
  else window.setTimeout(run, 200);
}
