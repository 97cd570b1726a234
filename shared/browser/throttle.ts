/** At most once per `waitMs`: the first call at once, later ones one trailing call with the latest arguments. */
export function throttle<Args extends unknown[]>(fn: (...args: Args) => void, waitMs: number) {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: Args | undefined;
  const run = (args: Args) => {
    last = Date.now();
    pending = undefined;
    fn(...args);
  };
  const throttled = (...args: Args) => {
    const wait = last + waitMs - Date.now();
    if (wait <= 0 && timer === undefined) return run(args);
    pending = args;
    timer ??= setTimeout(
      () => {
        timer = undefined;
        if (pending) run(pending);
      },
      Math.max(0, wait),
    );
  };
  throttled.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  return throttled;
}
