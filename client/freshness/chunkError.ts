/**
 * A dynamic `import()` of a chunk that the server no longer has (a deploy replaced the build and
 * pruned it) rejects with a TypeError whose wording differs per engine; these are the messages
 * of Chromium, Firefox and Safari.
 */
const CHUNK_LOAD_MESSAGES = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
];

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CHUNK_LOAD_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * A chunk that failed while the browser is online is one the server no longer has (a deploy): §8
 * reloads the page for it. A visitor who lost the connection would reload into the browser's
 * offline page instead, and keeps the page they have.
 */
export function isMissingChunk(error: unknown): boolean {
  return isChunkLoadError(error) && navigator.onLine;
}
