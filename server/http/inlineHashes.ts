import { hash } from 'node:crypto';

/** CSP hash sources (`'sha256-…'`) of a document's inline scripts and style elements. */
export interface InlineHashes {
  readonly scripts: readonly string[];
  readonly styles: readonly string[];
}

const NONE: InlineHashes = { scripts: [], styles: [] };

/**
 * The hashes of every inline `<script>` and `<style>` element of a document the site rendered
 * (the hydration data, the bootstrap, Emotion's sheet), over the exact bytes between the tags, as
 * the browser hashes them (CSP3 §8.4). External scripts (`src`) and data blocks (JSON-LD) are
 * not run as inline code, so they need none. A scan of the bytes, not an HTML parser: this is
 * markup React wrote, in which every visitor or editor text is escaped, so `<script` and
 * `</script>` only appear as tags.
 */
export function inlineHashesOf(html: Buffer): InlineHashes {
  if (html.length === 0) return NONE;
  return { scripts: hashesOf(html, 'script'), styles: hashesOf(html, 'style') };
}

function hashesOf(html: Buffer, tag: 'script' | 'style'): string[] {
  const open = Buffer.from(`<${tag}`);
  const close = Buffer.from(`</${tag}>`);
  const hashes = new Set<string>();
  let from = 0;
  for (;;) {
    const start = html.indexOf(open, from);
    if (start === -1) break;
    const next = html[start + open.length];
    const openEnd = html.indexOf('>', start);
    if (openEnd === -1) break;
    from = openEnd + 1;
    // `<scripts>` or `<styles>` would be other elements.
    if (next !== 0x3e && next !== 0x20 && next !== 0x09 && next !== 0x0a && next !== 0x0d && next !== 0x2f) continue;
    const attributes = html.subarray(start + open.length, openEnd).toString('latin1');
    const end = html.indexOf(close, openEnd + 1);
    if (end === -1) break;
    from = end + close.length;
    if (tag === 'script' && (/\ssrc=/i.test(attributes) || /\stype="application\/ld\+json"/i.test(attributes))) continue;
    // The one-shot `hash` (no Hash object per element).
    hashes.add(`'sha256-${hash('sha256', html.subarray(openEnd + 1, end), 'base64')}'`);
  }
  return [...hashes];
}
