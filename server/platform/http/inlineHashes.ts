import { hash } from 'node:crypto';

/** CSP hash sources (`'sha256-…'`) of a document's inline scripts and style elements. */
export type InlineHashes = { readonly scripts: readonly string[]; readonly styles: readonly string[] };

/** The CSP hash source of an inline element's text (CSP3 §8.4), from the string the server writes, never read back. */
export function hashSource(text: string): string {
  return `'sha256-${hash('sha256', text, 'base64')}'`;
}
