/**
 * An Intl formatter created on its first use, not when its module is evaluated: creating one loads
 * the locale's data, about 90 ms of a phone's main thread (a Chromium trace at 4× CPU slowdown) in
 * the one long task that evaluates a page's modules, even on a page that never formats a price.
 */
export function lazyFormatter<Formatter>(create: () => Formatter): () => Formatter {
  let formatter: Formatter | undefined;
  return () => (formatter ??= create());
}
