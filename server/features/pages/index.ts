import type { IncomingMessage, RequestListener } from 'node:http';
import type { Express, Request, RequestHandler } from 'express';
import type { RouteObject } from 'react-router';
import type { ClientManifest } from '../../../build/manifest.ts';
import type { ContentApi } from '../../../shared/content/contentApi.ts';
import type { LoaderContext } from '../../../shared/page-kit/loaderContext.ts';
import type { Config } from '../../platform/config/env.ts';
import type { DerivedCaches } from '../../platform/content/derivedCaches.ts';
import type { PageCachePolicy } from '../../platform/http/cacheControl.ts';
import { atPaths, enterOnly } from '../../platform/http/enterOnly.ts';
import { CRAWLER_FILE_PATHS } from '../../platform/http/routeIds.ts';
import { cameOverHttps } from '../../platform/http/securityHeaders.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import { answersWithoutSpan } from '../../platform/telemetry/untraced.ts';
import { backgroundRender } from './pageCache/backgroundRender.ts';
import { pageCacheFront, pageCacheWillAnswer } from './pageCache/cachedPages.ts';
import type { PageCache } from './pageCache/pageCache.ts';
import { routingRules } from './routing/routingRules.ts';
import { crawlerFiles } from './seo/crawlerFiles.ts';
import { pageHandler } from './ssr/pageHandler.tsx';

export { PageCache } from './pageCache/pageCache.ts';
export { WarmUp } from './pageCache/warmUp.ts';
export { collectSitemapEntries } from './seo/sitemapEntries.ts';
export { createServerRoutes } from './ssr/serverRoutes.ts';

export interface PagesOptions {
  readonly config: Config;
  readonly logger: Logger;
  readonly content: ContentApi;
  readonly routes: RouteObject[];
  readonly manifest: ClientManifest;
  readonly pageCache: PageCache | undefined;
  /** Whether and how long pages are kept, in process and in front (decisions 027, 046). */
  readonly cachePolicy: PageCachePolicy;
  readonly derivedCaches: DerivedCaches;
  readonly loaderContext: (req: Request) => LoaderContext;
  /** What marks a request before the routing rules (an editor's preview, decision 021). */
  readonly beforeRouting: readonly RequestHandler[];
  /** What a page's render reads of this visitor alone (a form's result, decision 030). */
  readonly beforeRender: readonly RequestHandler[];
}

/** /sitemap.xml and /robots.txt, then §2 and §5's routing rules, then the pages React renders. */
export function mountPages(app: Express, options: PagesOptions): void {
  const { config, logger, content, cachePolicy } = options;
  app.use(
    enterOnly(
      atPaths(Object.values(CRAWLER_FILE_PATHS)),
      crawlerFiles({ content, publicBaseUrl: config.publicBaseUrl, logger, pageCacheControl: cachePolicy.shared }),
    ),
  );
  for (const step of options.beforeRouting) app.use(step);
  // Path safety, the 301 map, trailing slash, slug rules, resolved to one redirect (decision 006).
  app.use(
    routingRules({
      content,
      publicBaseUrl: config.publicBaseUrl,
      logger,
      contentCacheTtlMs: config.contentCacheTtlMs,
      derivedCaches: options.derivedCaches,
    }),
  );
  for (const step of options.beforeRender) app.use(step);
  app.use(
    pageHandler({
      routes: options.routes,
      manifest: options.manifest,
      publicBaseUrl: config.publicBaseUrl,
      abortAfterMs: config.ssrAbortMs,
      cachePolicy,
      logger,
      pageCache: options.pageCache,
      loaderContext: options.loaderContext,
    }),
  );
}

export interface PageCacheFrontOptions {
  readonly config: Config;
  readonly pageCache: PageCache | undefined;
  /** The requests never answered from the cache nor joining a shared render. */
  readonly bypassesCache: (req: IncomingMessage) => boolean;
  /** The access log, in front of both doors (decision 028). */
  readonly observe: (req: IncomingMessage, res: Parameters<RequestListener>[1]) => void;
}

/** Cached pages answered before Express with their stored headers; the only door to the app, so all pass the cache (decision 018). */
export function withPageCacheFront(app: Express, { config, pageCache, bypassesCache, observe }: PageCacheFrontOptions): RequestListener {
  if (pageCache === undefined) return app;
  const front = pageCacheFront(
    pageCache,
    app,
    config.isProduction ? cameOverHttps(app.get('trust proxy fn') as (address: string, hop: number) => boolean) : undefined,
  );
  const site: RequestListener = (req, res) => {
    observe(req, res);
    if (bypassesCache(req)) app(req, res);
    else front(req, res);
  };
  pageCache.connect(backgroundRender(site));
  // A hit is counted and logged, never traced: the tracer asks before it makes a span (decision 037).
  const willAnswer = pageCacheWillAnswer(pageCache);
  return answersWithoutSpan(site, (req) => !bypassesCache(req) && willAnswer(req));
}
