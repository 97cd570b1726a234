import { createHash } from 'node:crypto';
import { HYDRATION_DATA_ID } from '../../shared/routes/hydrationData.ts';

/** The CSP hash source of a text, computed here independently of the server's own helper. */
export function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The texts of a document's inline scripts and style elements, read from the finished HTML: what
 * a browser would run or apply inline and check against the CSP. External scripts (`src`) and
 * data blocks (JSON-LD, the route data) are not inline code. A scan of the markup React wrote, in
 * which every visitor or editor text is escaped, so `<script` and `</script>` only appear as tags.
 */
export function inlineElementsOf(html: string): { scripts: string[]; styles: string[] } {
  return { scripts: textsOf(html, 'script'), styles: textsOf(html, 'style') };
}

function textsOf(html: string, tag: 'script' | 'style'): string[] {
  const texts: string[] = [];
  const element = new RegExp(`<${tag}(?=[\\s>/])([^>]*)>`, 'g');
  for (let match = element.exec(html); match !== null; match = element.exec(html)) {
    const attributes = match[1] ?? '';
    const start = match.index + match[0].length;
    const end = html.indexOf(`</${tag}>`, start);
    if (end === -1) break;
    element.lastIndex = end;
    if (tag === 'script' && /\ssrc=|\stype="application\/(?:ld\+)?json"/.test(attributes)) continue;
    texts.push(html.slice(start, end));
  }
  return texts;
}

/** The hash sources a CSP directive lists. */
export function hashesIn(csp: string, directive: string): string[] {
  const entry = csp.split(';').find((part) => part.trim().startsWith(`${directive} `)) ?? '';
  return entry.split(' ').filter((value) => value.startsWith("'sha256-"));
}

/**
 * The text of the route data block (server/features/pages/ssr/hydrationData.ts) in `html`, as the browser's
 * parser reads it: up to the first `</script`, whatever its case. Undefined without the block.
 */
export function routeDataTextOf(html: string): string | undefined {
  const open = `<script type="application/json" id="${HYDRATION_DATA_ID}">`;
  const start = html.indexOf(open);
  if (start === -1) return undefined;
  const textStart = start + open.length;
  const end = html.toLowerCase().indexOf('</script', textStart);
  return html.slice(textStart, end === -1 ? undefined : end);
}
