import { hash } from 'node:crypto';

/** CSP hash sources (`'sha256-…'`) of a document's inline scripts and style elements. */
export interface InlineHashes {
  readonly scripts: readonly string[];
  readonly styles: readonly string[];
}

/**
 * The CSP hash source of an inline script or style element whose text is `text`, as the browser
 * hashes it (CSP3 §8.4: the UTF-8 bytes between the tags). Taken from the very string the server
 * writes between the tags, never read back from the finished HTML: whatever else ends up in a
 * document inline (a CMS text that slipped through as markup, say) has no hash and does not run.
 */
export function hashSource(text: string): string {
  return `'sha256-${hash('sha256', text, 'base64')}'`;
}
