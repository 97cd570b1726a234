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
 * The HTML shell, rendered only on the server. The app hydrates `#app`, and `#app` is the only
 * child on its way up to `<html>`: React's `useId` numbers an element by the forks (lists of
 * children) above it, and the browser's root is `#app` itself. A `<head>` or a `<script>` beside
 * `#app` or beside `<body>` gave every id in the server's HTML two forks the browser never sees
 * (labels and `aria-describedby` pointed at ids that changed at hydration). So the document's own
 * head (`documentHead`) is written into the `<head>` React emits, the route data and the boot
 * script are written before `</body>` (`completeDocument`) and an editor's preview banner is part
 * of the app (`PreviewBanner`); the pages' `<title>`, meta and canonical are hoisted into `<head>`
 * by React.
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
 * The `@font-face` rules, the same text on every page, so the CSP allows them by hash. The
 * document's own, not the app's: the browser's bundle carries neither these rules nor the font
 * list, and neither React nor Emotion ever touches the element. Chromium answers every
 * re-inserted `@font-face` sheet by dropping its font and text-shaping caches and laying out the
 * whole page again (35–80 ms each on this machine, ×4 under Lighthouse's mobile CPU slowdown),
 * which Emotion's `<Global>` did when the browser's cache moved its tags.
 */
const FONT_FACE_CSS = fontFaceCss();

/**
 * The preloads of the font files every page needs before its first paint (`FontFile.preload`) and
 * the font faces: the same markup on every page, written once.
 */
const FONTS_HEAD = renderToStaticMarkup(
  <>
    {FONT_FILES.filter((font) => font.preload).map((font) => (
      <link key={font.file} rel="preload" href={fontUrl(font)} as="font" type="font/woff2" crossOrigin="anonymous" />
    ))}
    <style dangerouslySetInnerHTML={{ __html: FONT_FACE_CSS }} />
  </>,
);

interface DocumentHeadParts {
  readonly canonicalUrl: string | undefined;
  readonly meta: ReadonlyArray<readonly [string, string]>;
}

/**
 * The document heads rendered so far. A process has a handful (its browser configuration, and a
 * canonical link only where the root loader failed), so each is rendered once, not on every
 * uncached render.
 */
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

/**
 * Boot scripts' hashes: a page type's boot script differs from another's only by its preloads
 * (bootScript.ts), so a build has one per page type, and each is hashed once.
 */
const bootScriptHashes = new LRUCache<string, string>({ max: 256, memoMethod: (script) => hashSource(script) });
const bootScriptHash = (script: string): string => bootScriptHashes.memo(script);

/**
 * What the CSP allows inline in a document of `Document` and `documentHead` around the app: the
 * head script, the font faces, the render's Emotion styles and its boot script. Each from the
 * string the server wrote, never read back from the HTML (server/platform/http/inlineHashes.ts). The route
 * data is a JSON block, which is not run.
 */
export function documentInline(styleHashes: readonly string[], bootScript?: string): InlineHashes {
  return {
    scripts: bootScript === undefined ? [HEAD_SCRIPT_HASH] : [HEAD_SCRIPT_HASH, bootScriptHash(bootScript)],
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

/**
 * A rendered document with what the server adds around the app, in one copy of its bytes. The
 * first `<head>` and `</head>` and the last `</body>` are the document's own: React escapes `<` in
 * every text and attribute it renders, and writes `</body></html>` last.
 */
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
