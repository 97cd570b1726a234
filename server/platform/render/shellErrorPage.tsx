import { CacheProvider } from '@emotion/react';
import type { Response as ExpressResponse } from 'express';
import { renderToPipeableStream } from 'react-dom/server';
import { LRUCache } from 'lru-cache';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router';
import { ERROR_TEXTS, ServerErrorExplanation } from '../../../shared/app/ErrorPage.tsx';
import { ROOT_ROUTE_ID } from '../../../shared/routes/table.ts';
import type { LoaderContext } from '../../../shared/page-kit/loaderContext.ts';
import { CACHE_CONTROL } from '../http/cacheControl.ts';
import { renderErrorPage } from '../http/errorPage.tsx';
import { escapeHtml } from '../http/escapeHtml.ts';
import type { Logger } from '../logging/logger.ts';
import { allowInline } from '../http/securityHeaders.ts';
import { completeDocument, Document, documentHead, documentInline, withDocumentHead } from './Document.tsx';
import { createRenderStyles, type StyledDocument } from './emotionStyles.ts';
import { renderedBuffer } from './renderToBuffer.ts';

/** The §2 error page in the site's shell for a request the server refused itself, or undefined when it cannot be rendered. */
export type ShellErrorPages = (status: number, explanation: string | undefined, path?: string) => Promise<StyledDocument | undefined>;

export interface ShellErrorPagesOptions {
  readonly routes: RouteObject[];
  readonly publicBaseUrl: string;
  readonly loaderContext: () => LoaderContext;
  /** How long a rendered page is reused: the content's own freshness (the footer's contacts). */
  readonly ttlMs: number;
  readonly logger: Logger;
}

/**
 * §2's «Ошибка приложения» for errors answered before any page (400, 403, 405, 413, 414, 415): the app's error page
 * in the site's shell, no scripts, nothing of the request in it, so one render per status serves all. Without
 * content the caller falls back to the bare page.
 */
export function shellErrorPages(options: ShellErrorPagesOptions): ShellErrorPages {
  const handler = createStaticHandler(options.routes);
  // One page per status and explanation (a handful), reused for the content's lifetime.
  const pages = new LRUCache<string, Promise<StyledDocument | undefined>>({ max: 64, ttl: options.ttlMs });

  async function render(status: number, explanation: string | undefined, path = '/'): Promise<StyledDocument | undefined> {
    const context = await handler.query(new Request(`${options.publicBaseUrl}${path}`), {
      requestContext: options.loaderContext(),
      filterMatchesToLoad: (match) => match.route.id === ROOT_ROUTE_ID,
    });
    if (context instanceof Response || context.errors !== null) return undefined;
    // §2/§8: a 404 is the not-found page with the full path asked for; any other status the app's error.
    const error =
      status === 404 ? { status, statusText: 'Not Found', internal: false, data: 'Page Not Found' } : new Error(ERROR_TEXTS.appErrorHint);
    const errorContext = { ...context, statusCode: status, errors: { [ROOT_ROUTE_ID]: error } };
    const router = createStaticRouter(handler.dataRoutes, errorContext);
    const styles = createRenderStyles();
    const html = await new Promise<Buffer>((resolve, reject) => {
      const { pipe } = renderToPipeableStream(
        <Document>
          <ServerErrorExplanation.Provider value={explanation}>
            <CacheProvider value={styles.cache}>
              <StaticRouterProvider router={router} context={errorContext} hydrate={false} />
            </CacheProvider>
          </ServerErrorExplanation.Provider>
        </Document>,
        {
          progressiveChunkSize: Number.POSITIVE_INFINITY,
          onAllReady: () => resolve(renderedBuffer(pipe)),
          onShellError: reject,
          onError: reject,
        },
      );
    });
    const sheet = styles.sheetOf(html);
    return { html: completeDocument(html, { head: documentHead({}), styles: sheet.tags }), styleHashes: sheet.styleHashes };
  }

  const renderOrLog = (status: number, explanation: string | undefined, path?: string) =>
    render(status, explanation, path).catch((error: unknown) => {
      options.logger.error({ err: error, status }, 'error page render failed');
      return undefined;
    });

  return (status, explanation, path) => {
    // A 404 shows its own path: rendered for each request, never kept (a scan of unique paths must not fill the cache).
    if (status === 404 && path !== undefined) return renderOrLog(status, undefined, path);
    const key = `${status}\n${explanation ?? ''}`;
    const kept = pages.get(key);
    if (kept !== undefined) return kept;
    const html = renderOrLog(status, explanation);
    pages.set(key, html);
    // A page that could not be rendered (no content yet) is tried again by the next request.
    void html.then((page) => {
      if (page === undefined) pages.delete(key);
    });
    return html;
  };
}

/** Sends `status`'s error page in the site's shell, else the bare page with the same texts; never cached. */
export async function sendShellErrorPage(
  res: ExpressResponse,
  pages: ShellErrorPages | undefined,
  status: number,
  explanation: string | undefined,
  /** §2 "Every page has a canonical link": the refused request's own, when its path is a plain one. */
  canonicalUrl?: string,
  /** The path and query asked for, which a 404 page shows (§2). */
  path?: string,
): Promise<void> {
  const shell = await pages?.(status, explanation, path);
  if (res.headersSent) return;
  res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
  res.status(status).type('html');
  if (shell !== undefined) {
    allowInline(res, documentInline(shell.styleHashes));
    res.send(
      canonicalUrl === undefined ? shell.html : withDocumentHead(shell.html, `<link rel="canonical" href="${escapeHtml(canonicalUrl)}">`),
    );
    return;
  }
  res.send(
    renderErrorPage({
      title: ERROR_TEXTS.appErrorTitle,
      hint: ERROR_TEXTS.appErrorHint,
      canonicalUrl,
      children: explanation === undefined ? undefined : <p>{explanation}</p>,
    }),
  );
}
