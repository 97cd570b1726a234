/** No stack traces while the first-load modules evaluate (decision 026); restored in a microtask. */
const errorConstructor: { stackTraceLimit?: number } = Error;
const limit = errorConstructor.stackTraceLimit;
if (limit !== undefined) {
  delete errorConstructor.stackTraceLimit;
  queueMicrotask(() => {
    errorConstructor.stackTraceLimit = limit;
  });
}
