/** An Intl formatter made on first use: making one costs a phone about 90 ms in the module-evaluating task. */
export function lazyFormatter<Formatter>(create: () => Formatter): () => Formatter {
  let formatter: Formatter | undefined;
  return () => (formatter ??= create());
}
