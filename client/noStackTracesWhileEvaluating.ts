/**
 * No stack traces while the first-load modules evaluate (decision 026): imported first, the limit
 * deleted, and restored in a microtask once the graph has evaluated.
 */
const errorConstructor: { stackTraceLimit?: number } = Error;
const limit = errorConstructor.stackTraceLimit;
if (limit !== undefined) {
  delete errorConstructor.stackTraceLimit;
  queueMicrotask(() => {
    errorConstructor.stackTraceLimit = limit;
  });
}
