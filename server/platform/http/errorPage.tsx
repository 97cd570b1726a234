import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { LRUCache } from 'lru-cache';
import { ERROR_TEXTS, ErrorPageView, type ErrorPageViewProps } from '../../../shared/app/ErrorPage.tsx';
import { escapeHtml } from './escapeHtml.ts';

export interface PlainPageOptions {
  /** §2 canonical link, written into the head (the public base and the path). */
  readonly canonicalUrl?: string | undefined;
  /** Inline CSS; the caller allows it in the CSP (`allowInline`). */
  readonly style?: string | undefined;
}

/** A bare document (no scripts, no app) around server-rendered content, for answers that never reach the app. */
export function renderPlainPage(content: ReactNode, options: PlainPageOptions = {}): string {
  const markup = renderToStaticMarkup(
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {options.style === undefined ? null : <style dangerouslySetInnerHTML={{ __html: options.style }} />}
      </head>
      <body>
        <main>{content}</main>
      </body>
    </html>,
  );
  return withCanonicalLink(`<!doctype html>${markup}`, options.canonicalUrl);
}

/** The canonical link as the plain pages write it (`<link …>`), before the first `</head>`, the document's own. */
function withCanonicalLink(page: string, canonicalUrl: string | undefined): string {
  return canonicalUrl === undefined ? page : page.replace('</head>', `<link rel="canonical" href="${escapeHtml(canonicalUrl)}"></head>`);
}

/** Error pages by title and hint, each rendered once: a stream of bad requests costs a lookup, not a render. */
const errorPages = new LRUCache<string, string, ErrorPageViewProps>({
  max: 64,
  memoMethod: (_key, _stale, { context }) => renderPlainPage(<ErrorPageView {...context} />),
});

/** The error page (shared/app/ErrorPage.tsx) as a whole document. */
export function renderErrorPage({ canonicalUrl, ...view }: ErrorPageViewProps): string {
  if (view.children !== undefined) return renderPlainPage(<ErrorPageView {...view} />, { canonicalUrl });
  return withCanonicalLink(errorPages.memo(`${view.title}\n${view.hint}`, { context: view }), canonicalUrl);
}

/** §2's error page for a request refused before the app (oversized headers), with its status's explanation. */
export function renderClientErrorPage(explanation: string | undefined): string {
  return renderErrorPage({
    title: ERROR_TEXTS.appErrorTitle,
    hint: ERROR_TEXTS.appErrorHint,
    children: explanation === undefined ? undefined : <p>{explanation}</p>,
  });
}
