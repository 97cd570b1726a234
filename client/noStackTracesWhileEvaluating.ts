/**
 * No stack traces while the first-load chunk's modules evaluate (docs/decisions/026): imported
 * first by the browser entry, so this runs before react-dom's module creates its sentinel errors.
 * Deleting `Error.stackTraceLimit` turns V8's capture off, a DevTools client's included, and the
 * page's value comes back in a microtask, once the whole graph has evaluated (also when a module
 * of it throws).
 */
const errorConstructor: { stackTraceLimit?: number } = Error;
const limit = errorConstructor.stackTraceLimit;
if (limit !== undefined) {
  delete errorConstructor.stackTraceLimit;
  queueMicrotask(() => {
    errorConstructor.stackTraceLimit = limit;
  });
}
