/** A pruned chunk's `import()` fails with a TypeError worded per engine (Chromium, Firefox, Safari). */
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

/** Failed while online: the server no longer has it (§8 reloads); offline, the visitor keeps the page. */
export function isMissingChunk(error: unknown): boolean {
  return isChunkLoadError(error) && navigator.onLine;
}
