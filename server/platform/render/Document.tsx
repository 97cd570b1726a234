import type { ReactNode } from 'react';
import { LRUCache } from 'lru-cache';
import { renderToStaticMarkup } from 'react-dom/server';
import { HEAD_SCRIPT } from './headScript.ts';
import { browserConfigMeta, type BrowserConfig } from '../../../shared/browser/browserConfig.ts';
import { FONT_FILES, fontFaceCss, fontUrl } from '../../../shared/theme/fonts.ts';
import { hashSource, type InlineHashes } from '../http/inlineHashes.ts';

export interface DocumentHeadProps {
  /** Build id and analytics settings for the browser (`server/platform/http/browserConfig.ts`). */
  readonly browserConfig?: BrowserConfig | undefined;
  /** Written here only when the app cannot write it (the root loader failed: no public base). */
  readonly canonicalUrl?: string | undefined;
}

/**
 * The HTML shell, server only. `#app` is the only child on its way up to `<html>`: React's `useId` numbers an
 * element by the forks above it, and a `<head>` or `<script>` beside `#app` or `<body>` gave the server's ids forks
 * the browser never sees. So the document's head and the boot script are spliced in (`completeDocument`).
 */
export function Document({ children }: { readonly children: ReactNode }) {
  return (
    <html lang="ru">
      <body>
        <div id="app">{children}</div>
      </body>
    </html>
  );
}

/**
 * The `@font-face` rules, allowed by hash, the document's own: Chromium answers a re-inserted `@font-face` sheet (as
 * Emotion's `<Global>` did) by laying out the whole page again (35–80 ms each, docs/performance.md).
 */
const FONT_FACE_CSS = fontFaceCss();

/** The preloads of the fonts every first paint needs and the font faces: the same markup on every page, written once. */
const FONTS_HEAD = renderToStaticMarkup(
  <>
    {FONT_FILES.filter((font) => font.preload).map((font) => (
      <link key={font.file} rel="preload" href={fontUrl(font)} as="font" type="font/woff2" crossOrigin="anonymous" />
    ))}
    <style dangerouslySetInnerHTML={{ __html: FONT_FACE_CSS }} />
  </>,
);

type DocumentHeadParts = { readonly canonicalUrl: string | undefined; readonly meta: ReadonlyArray<readonly [string, string]> };

/** The document heads rendered so far: a process has a handful, each rendered once. */
const documentHeads = new LRUCache<string, string, DocumentHeadParts>({
  max: 64,
  memoMethod: (_key, _stale, { context: { canonicalUrl, meta } }) =>
    renderToStaticMarkup(
      <>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script dangerouslySetInnerHTML={{ __html: HEAD_SCRIPT }} />
        <meta name="theme-color" content="#0f1d3a" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {canonicalUrl === undefined ? null : <link rel="canonical" href={canonicalUrl} />}
        {meta.map(([name, content]) => (
          <meta key={name} name={name} content={content} />
        ))}
      </>,
    ) + FONTS_HEAD,
});

/** The document's own head elements, as markup for the start of the `<head>` React writes. */
export function documentHead({ browserConfig, canonicalUrl }: DocumentHeadProps): string {
  const meta = browserConfig === undefined ? [] : browserConfigMeta(browserConfig);
  return documentHeads.memo(JSON.stringify([canonicalUrl ?? null, meta]), { context: { canonicalUrl, meta } });
}

const HEAD_SCRIPT_HASH = hashSource(HEAD_SCRIPT);
const FONT_FACE_HASH = hashSource(FONT_FACE_CSS);

/** Boot scripts' hashes: a build has one script per page type (bootScript.ts), each hashed once. */
const bootScriptHashes = new LRUCache<string, string>({ max: 256, memoMethod: (script) => hashSource(script) });

/** What the CSP allows inline in a document, each hashed from the string the server wrote, never read back from the HTML. */
export function documentInline(styleHashes: readonly string[], bootScript?: string): InlineHashes {
  return {
    scripts: bootScript === undefined ? [HEAD_SCRIPT_HASH] : [HEAD_SCRIPT_HASH, bootScriptHashes.memo(bootScript)],
    styles: [FONT_FACE_HASH, ...styleHashes],
  };
}

const HEAD_START = Buffer.from('<head>');
const HEAD_END = Buffer.from('</head>');
const BODY_END = Buffer.from('</body>');

/** `head` put right after the document's `<head>` (the first one: React escapes `<` in all content). */
export function withDocumentHead(html: Buffer, head: string): Buffer {
  const at = html.indexOf(HEAD_START);
  if (at === -1) return html;
  const end = at + HEAD_START.length;
  return Buffer.concat([html.subarray(0, end), Buffer.from(head), html.subarray(end)]);
}

export interface DocumentInserts {
  /** Right after `<head>`: the document's own head (`documentHead`). */
  readonly head: string;
  /** At the end of `<head>`: the render's style tags (emotionStyles.ts). */
  readonly styles: Buffer;
  /** At the end of `<body>`: a page's route data and boot script. */
  readonly bodyEnd?: string;
}

/** A rendered document with the server's additions, in one copy (React escapes `<` in content: the first `<head>` is ours). */
export function completeDocument(html: Buffer, { head, styles, bodyEnd = '' }: DocumentInserts): Buffer {
  const headStart = html.indexOf(HEAD_START);
  const headEnd = headStart === -1 ? -1 : html.indexOf(HEAD_END, headStart);
  const bodyEndAt = html.lastIndexOf(BODY_END);
  if (headEnd === -1 || bodyEndAt < headEnd) throw new Error('the rendered document has no <head> or no </body>');
  const afterHeadStart = headStart + HEAD_START.length;
  return Buffer.concat([
    html.subarray(0, afterHeadStart),
    Buffer.from(head),
    html.subarray(afterHeadStart, headEnd),
    styles,
    html.subarray(headEnd, bodyEndAt),
    Buffer.from(bodyEnd),
    html.subarray(bodyEndAt),
  ]);
}
