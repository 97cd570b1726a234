import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { HEAD_SCRIPT } from './headScript.ts';
import { browserConfigMeta, type BrowserConfig } from '../../shared/app/browserConfig.ts';
import { FONT_FACE_CSS } from '../../shared/theme/FontFaceStyle.tsx';
import { hashSource, type InlineHashes } from '../http/inlineHashes.ts';

export interface DocumentHeadProps {
  /** Build id and analytics settings for the browser (`server/middleware/browserConfig.ts`). */
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
 * head (`documentHead`) is written into the `<head>` React emits, the hydration data is the
 * start of the bootstrap script (`pageHandler.tsx`) and an editor's preview banner is part of the
 * app (`PreviewBanner`); the pages' `<title>`, meta and canonical are
 * hoisted into `<head>` by React.
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

/** The document's own head elements, as markup for the start of the `<head>` React writes. */
export function documentHead({ browserConfig, canonicalUrl }: DocumentHeadProps): string {
  return renderToStaticMarkup(
    <>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <script dangerouslySetInnerHTML={{ __html: HEAD_SCRIPT }} />
      <meta name="theme-color" content="#0f1d3a" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      {canonicalUrl === undefined ? null : <link rel="canonical" href={canonicalUrl} />}
      {browserConfig ? browserConfigMeta(browserConfig).map(([name, content]) => <meta key={name} name={name} content={content} />) : null}
    </>,
  );
}

const HEAD_SCRIPT_HASH = hashSource(HEAD_SCRIPT);
const FONT_FACE_HASH = hashSource(FONT_FACE_CSS);

/**
 * What the CSP allows inline in a document of `Document` and `documentHead` around the app: the
 * head script, the app's font faces (`FontFaceStyle`), the render's Emotion styles and its
 * bootstrap script (the hydration data and the boot script, which React writes as given: they
 * hold no `<script` for it to escape). Each from the string the server wrote, never read back
 * from the HTML (server/http/inlineHashes.ts).
 */
export function documentInline(styleHashes: readonly string[], bootstrapScript?: string): InlineHashes {
  return {
    scripts: bootstrapScript === undefined ? [HEAD_SCRIPT_HASH] : [HEAD_SCRIPT_HASH, hashSource(bootstrapScript)],
    styles: [FONT_FACE_HASH, ...styleHashes],
  };
}

const HEAD_START = Buffer.from('<head>');

/** `head` put right after the document's `<head>` (the first one: React escapes `<` in all content). */
export function withDocumentHead(html: Buffer, head: string): Buffer {
  const at = html.indexOf(HEAD_START);
  if (at === -1) return html;
  const end = at + HEAD_START.length;
  return Buffer.concat([html.subarray(0, end), Buffer.from(head), html.subarray(end)]);
}
