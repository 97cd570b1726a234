import { CacheProvider } from '@emotion/react';
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
  type RouteObject,
  type StaticHandlerContext,
} from 'react-router';
import type { ClientManifest } from '../../../../build/manifest.ts';
import { ERROR_TEXTS } from '../../../../shared/app/ErrorPage.tsx';
import { DATA_PARAM, type DataPayload } from '../../../../shared/routes/dataRequest.ts';
import type { LoaderContext } from '../../../../shared/page-kit/loaderContext.ts';
import { ROOT_ROUTE_ID, ROUTES } from '../../../../shared/routes/table.ts';
import type { Logger } from '../../../platform/logging/logger.ts';
import { CACHE_CONTROL, type CacheableStatus, type PageCachePolicy } from '../../../platform/http/cacheControl.ts';
import { renderErrorPage } from '../../../platform/http/errorPage.tsx';
import { sendRedirect, type RedirectStatus } from '../../../platform/http/redirect.ts';
import { allowInline, withoutHttpsOnlyHeaders } from '../../../platform/http/securityHeaders.ts';
import { isBackgroundRender } from '../pageCache/backgroundRender.ts';
import { bootScript } from './bootScript.ts';
import { completeDocument, Document, documentHead, documentInline } from '../../../platform/render/Document.tsx';
import { pageUrlOf } from '../routing/pageUrl.ts';
import { renderAborts, renderDuration } from '../../../platform/monitoring/metrics.ts';
import { recordSpan } from '../../../platform/telemetry/spans.ts';
import { pageCacheKey, PER_REQUEST_HEADERS, type PageCache } from '../pageCache/pageCache.ts';
import { createFetchRequest, requestUrl } from './fetchRequest.ts';
import { createRenderStyles } from '../../../platform/render/emotionStyles.ts';
import { renderedBuffer } from '../../../platform/render/renderToBuffer.ts';
import { sendRepresentation } from '../../../platform/http/sendRepresentation.ts';
import { hydrationDataBlock, serializeErrors } from './hydrationData.ts';

export interface PageHandlerOptions {
  readonly routes: RouteObject[];
  readonly manifest: ClientManifest;
  readonly publicBaseUrl: string;
  readonly abortAfterMs: number;
  /** Whether and how long a page and its data request are kept, here and in front (`pageCachePolicy`). */
  readonly cachePolicy: PageCachePolicy;
  readonly logger: Logger;
  readonly loaderContext: (req: ExpressRequest) => LoaderContext;
  /** Where successfully rendered pages are kept (decision 010); absent = no page cache. */
  readonly pageCache?: PageCache | undefined;
}

/** Seconds a client should wait before retrying a page whose content service is down. */
const RETRY_AFTER_SECONDS = '30';

/** The React handler, last: loaders decide redirects and status; the page renders whole, styles in `<head>`, sent in one piece. */
export function pageHandler(options: PageHandlerOptions): RequestHandler {
  const handler = createStaticHandler(options.routes);
  const pageOf = new Map<string, string>(ROUTES.map((route) => [route.id, route.page]));

  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const url = requestUrl(req.originalUrl, options.publicBaseUrl);
    const dataRoutes = url.searchParams.get(DATA_PARAM);
    url.searchParams.delete(DATA_PARAM);

    const fullUrl = url.pathname + url.search;
    // Rendered for its page URL (pageUrl.ts): the HTML is the same for every request with the same page-cache key.
    const pageUrl = dataRoutes === null ? pageUrlOf(url.pathname, url.search) : fullUrl;
    const query = (target: string) =>
      handler.query(createFetchRequest(req, res, requestUrl(target, options.publicBaseUrl)), {
        requestContext: options.loaderContext(req),
        // A data request keeps each loader error on its own route, where the browser's data strategy looks for it.
        ...(dataRoutes === null
          ? {}
          : { filterMatchesToLoad: (match) => dataRoutes.split(',').includes(match.route.id), skipLoaderErrorBubbling: true }),
      });

    // Before the loaders read content: a revalidation after this point keeps the page out of the cache.
    res.locals.pageCacheGeneration = options.pageCache?.generation;
    let context = await query(pageUrl);
    // A loader's redirect keeps the whole query (§2), so it is decided on the full URL; Express 5 hands a rejection on.
    if (context instanceof Response && pageUrl !== fullUrl) context = await query(fullUrl);
    if (context instanceof Response) {
      return sendRedirect(req, res, context.headers.get('Location') ?? '/', context.status as RedirectStatus);
    }

    const status = context.statusCode;
    logLoaderErrors(options.logger, req, context);
    res.status(status);
    if (status === 503) res.setHeader('Retry-After', RETRY_AFTER_SECONDS);

    // A preview or a page showing a visitor's form result (decision 030) is never kept; a data request is kept like its page.
    const personal = res.locals.preview === true || res.locals.personalPage === true;
    const policy = options.cachePolicy.of(status, personal);
    if (dataRoutes !== null) {
      const payload = { status, loaderData: context.loaderData, errors: serializeErrors(context.errors) };
      return sendData(req, res, payload, policy.cacheControl);
    }

    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', policy.cacheControl);
    // §2 canonical link, in a header too for a 200 (canonical by now, decision 018); a 404's path is never echoed into one.
    if (status === 200) res.setHeader('Link', `<${options.publicBaseUrl}${url.pathname}>; rel="canonical"`);
    if (req.method === 'HEAD') return res.end();

    // §2/§8: the 404 page shows the path as asked, query included: one whose query the page URL dropped is not stored.
    const asAsked = status === 404 && pageUrl !== fullUrl;
    const rendered = asAsked ? { ...context, location: { ...context.location, search: url.search } } : context;
    const keep = asAsked ? undefined : policy.keep;
    renderDocument(req, res, rendered, options, handler.dataRoutes, pageOf, `${options.publicBaseUrl}${url.pathname}`, keep);
  };
}

/** A data request's answer, with a validator like its page's (decision 038). */
function sendData(req: ExpressRequest, res: ExpressResponse, payload: DataPayload, cacheControl: string) {
  res.setHeader('Cache-Control', cacheControl);
  res.status(200).setHeader('Content-Type', 'application/json; charset=utf-8');
  return sendRepresentation(req, res, JSON.stringify(payload));
}

function renderDocument(
  req: ExpressRequest,
  res: ExpressResponse,
  context: StaticHandlerContext,
  options: PageHandlerOptions,
  dataRoutes: ReturnType<typeof createStaticHandler>['dataRoutes'],
  pageOf: Map<string, string>,
  canonicalUrl: string,
  cacheable: CacheableStatus | undefined,
) {
  const router = createStaticRouter(dataRoutes, context);
  const preloads = new Set([options.manifest.entry, ...options.manifest.entryImports]);
  for (const match of context.matches) {
    const page = pageOf.get(match.route.id);
    for (const file of page ? (options.manifest.pages[page] ?? []) : []) preloads.add(file);
  }
  // The route id in the request metrics (server/platform/http/accessLog.ts).
  res.locals.routeId = context.matches.at(-1)?.route.id;
  const renderStarted = performance.now();
  const cacheKey = cacheable === undefined ? undefined : pageCacheKey(req.method, req.originalUrl);
  let failed = false;

  /** Stores the finished page, once it rendered cleanly. */
  const keepForCache = (html: Buffer) => {
    if (cacheKey === undefined || cacheable === undefined || options.pageCache === undefined || failed || res.statusCode !== cacheable)
      return;
    // Stored as plain HTTP gets them: HTTPS-only headers are added at delivery (securityHeaders.ts).
    const headers = withoutHttpsOnlyHeaders(
      Object.fromEntries(Object.entries(res.getHeaders()).filter(([name]) => !PER_REQUEST_HEADERS.has(name))),
    );
    options.pageCache
      // A background render (warm-up, refresh) waits for a compression slot rather than being dropped.
      .store(cacheKey, html, headers, cacheable, res.locals.pageCacheGeneration as number | undefined, {
        waitForSlot: isBackgroundRender(req),
      })
      .catch((error: unknown) => {
        options.logger.error({ err: error, reqId: req.id }, 'page cache store failed');
      });
  };

  const styles = createRenderStyles();
  const head = documentHead({
    browserConfig: res.locals.browserConfig,
    // Without the root data (its loader failed) the page cannot write its own canonical link.
    canonicalUrl: context.loaderData[ROOT_ROUTE_ID] === undefined ? canonicalUrl : undefined,
  });
  // The route data, then the boot script (bootScript.ts), outside the tree where a `<script>` would shift React's ids.
  const boot = bootScript(options.manifest.entry, [...preloads]);
  const bodyEnd = `${hydrationDataBlock(context)}<script>${boot}</script>`;
  /** A render that fails before its page is sent still ends in a usable page (§2 Error page). */
  const failBeforeSent = (error: unknown) => {
    failed = true;
    options.logger.error({ err: error, reqId: req.id }, 'render failed before the page was sent');
    if (!res.headersSent) {
      res.status(500).setHeader('Cache-Control', CACHE_CONTROL.noStore);
      res.removeHeader('Link');
    }
    res.end(SHELL_ERROR_HTML);
  };
  const { pipe, abort } = renderToPipeableStream(
    <Document>
      <CacheProvider value={styles.cache}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </CacheProvider>
    </Document>,
    {
      // Never outlined into a block revealed by script: the page is complete without JavaScript.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // The whole document in one write: loaders finished before the render and nothing suspends, so not streaming loses nothing.
      onAllReady() {
        renderedBuffer(pipe)
          .then((rendered) => {
            const sheet = styles.sheetOf(rendered);
            const html = completeDocument(rendered, { head, styles: sheet.tags, bodyEnd });
            // The CSP allows exactly the inline scripts and styles written here, and is stored with the page.
            if (res.headersSent) return void res.end(html);
            allowInline(res, documentInline(sheet.styleHashes, boot));
            renderDuration.observe((performance.now() - renderStarted) / 1000);
            recordSpan(req, `render ${String(res.locals.routeId)}`, renderStarted);
            // With the validator the cached copy will have (decision 038); stored once sent, with its headers then.
            return sendRepresentation(req, res, html).then(() => keepForCache(html));
          })
          .catch(failBeforeSent);
      },
      onShellError: failBeforeSent,
      onError(error: unknown) {
        failed = true;
        options.logger.error({ err: error, reqId: req.id }, 'render error');
      },
    },
  );
  const timer = setTimeout(() => {
    options.logger.warn({ reqId: req.id, abortAfterMs: options.abortAfterMs }, 'render aborted: took too long');
    renderAborts.inc();
    failed = true;
    abort();
  }, options.abortAfterMs);
  // An in-process response (a background render) may end with 'finish' and never emit 'close'.
  res.once('finish', () => clearTimeout(timer));
  res.on('close', () => {
    clearTimeout(timer);
    if (failed && !res.writableFinished) abort();
  });
}

function logLoaderErrors(logger: Logger, req: ExpressRequest, context: StaticHandlerContext) {
  for (const [routeId, error] of Object.entries(context.errors ?? {})) {
    if (isRouteErrorResponse(error) && error.status < 500) continue;
    logger.error({ err: error, reqId: req.id, routeId }, 'loader failed');
  }
}

// A render that fails before any byte was sent still ends in a usable page (§2 Error page), built once at start-up.
const SHELL_ERROR_HTML = renderErrorPage({ title: ERROR_TEXTS.appErrorTitle, hint: ERROR_TEXTS.appErrorHint });
