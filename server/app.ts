import type { IncomingMessage, RequestListener } from 'node:http';
import express, { type Express, type Request } from 'express';
import type { Router } from 'express';
import type { RouteObject } from 'react-router';
import type { ClientManifest } from '../build/manifest.ts';
import type { ContentApi } from '../shared/content/contentApi.ts';
import type { Config } from './platform/config/env.ts';
import { loaderContent } from './platform/content/loaderContent.ts';
import { responseTags } from './platform/content/responseTags.ts';
import type { Logger } from './platform/logging/logger.ts';
import { accessLog } from './platform/http/accessLog.ts';
import { browserConfig } from './platform/http/browserConfig.ts';
import { configuredImageLimits, imageService } from './features/images/imageService.ts';
import type { VariantMaker } from './features/images/variantMaker.ts';
import {
  CONTENT_API_PATH,
  FORMS_API_PATH,
  PREVIEW_PATH,
  REVALIDATE_PATH,
  SERVER_PATHS,
  SERVER_TREES,
  UPLOAD_PATH,
  VITALS_PATH,
} from '../shared/routes/serverMounts.ts';
import { CRAWLER_FILE_PATHS, crawlerFiles } from './features/pages/seo/crawlerFiles.ts';
import { notFoundCacheControl, sharedPageCacheControl } from './platform/http/cacheControl.ts';
import { feedsEndpoint, isFeedRequest } from './features/feeds/feedsEndpoint.ts';
import { vitalsEndpoint } from './features/leads/vitals/vitalsEndpoint.ts';
import { buildInfo } from './platform/http/buildInfo.ts';
import { compression } from './platform/http/compression.ts';
import { errorHandler, methodNotAllowed } from './platform/http/errorHandler.ts';
import { formsApi } from './features/leads/forms/formsApi.ts';
import { formResultPages, hasFormResult } from './features/leads/forms/formResults.ts';
import type { FormResult } from '../shared/forms/formResult.ts';
import type { LoaderContext } from '../shared/routes/loaderContext.ts';
import type { LeadCapture } from './features/leads/leadCapture.ts';
import { health, type Readiness } from './platform/http/health.ts';
import { refuseCrossSiteRequests } from './platform/http/crossSiteRequests.ts';
import { pageRouteIdOf } from './platform/http/routeIds.ts';
import { metricSources, recordBuild } from './platform/monitoring/metrics.ts';
import { metricsEndpoint } from './features/monitoring/metricsEndpoint.ts';
import { cameOverHttps, securityHeaders } from './platform/http/securityHeaders.ts';
import { staticFiles } from './platform/http/staticFiles.ts';
import { atPaths, enterOnly } from './platform/http/enterOnly.ts';
import { pageCacheFront, pageCacheWillAnswer } from './features/pages/pageCache/cachedPages.ts';
import { answersWithoutSpan } from './platform/telemetry/untraced.ts';
import { backgroundRender } from './features/pages/pageCache/backgroundRender.ts';
import { PageCache } from './features/pages/pageCache/pageCache.ts';
import { pageHandler } from './features/pages/ssr/pageHandler.tsx';
import { hasPreviewCookie } from './features/preview/previewCookie.ts';
import { previewApi } from './features/preview/previewApi.ts';
import { previewMode } from './features/preview/previewMode.ts';
import { shellErrorPages } from './platform/render/shellErrorPage.tsx';
import { routingRules } from './features/pages/routing/routingRules.ts';
import { applyRevalidation } from './features/revalidation/applyRevalidation.ts';
import { DerivedCaches } from './platform/content/derivedCaches.ts';
import { configuredPurgers } from './features/revalidation/configuredPurgers.ts';
import type { TagPurger } from './features/revalidation/purgers.ts';
import { PurgeQueue } from './features/revalidation/purgeQueue.ts';
import { memoryPurgeStore, postgresPurgeStore } from './features/revalidation/purgeStore.ts';
import { publishedContentOf, revalidateApi } from './features/revalidation/revalidateApi.ts';
import { localBus, type RevalidationBus } from './features/revalidation/revalidationBus.ts';

export interface AppDependencies {
  readonly config: Config;
  readonly logger: Logger;
  readonly manifest: ClientManifest;
  readonly routes: RouteObject[];
  readonly assetsDir: string;
  readonly publicDir: string;
  readonly readiness: Readiness;
  /** How long one readiness answer is shared (server/platform/http/health.ts); a test that watches it change sets 0. */
  readonly readinessReuseMs?: number | undefined;
  /** True once the instance drains on SIGTERM (server/platform/process/shutdown.ts): `/readyz` fails at once (decision 035). */
  readonly draining?: (() => boolean) | undefined;
  /** The leads database alone, answered at `/healthz/database` for monitoring (decision 035). */
  readonly databaseReadiness?: Readiness | undefined;
  /** The content client (decision 005); loaders get it as `context.content`. */
  readonly content: ContentApi;
  /** The content service's working copy for editors' previews (decision 021); absent without PREVIEW_SECRET. */
  readonly previewContent?: ContentApi | undefined;
  /** The embedded JSON:API content service, mounted at /api/content/ when CONTENT_API_URL is unset. */
  readonly contentRouter?: Router | undefined;
  /** The leads store and outbox (server/index.ts opens them before listening). */
  readonly leads: () => Promise<LeadCapture>;
  /**
   * The page cache (server/index.ts makes it to warm it after listening); absent, one is made
   * from the configuration; null, there is none.
   */
  readonly pageCache?: PageCache | null | undefined;
  /** How a revalidation reaches the other processes (server/index.ts); this process only if absent. */
  readonly revalidationBus?: RevalidationBus | undefined;
  /** The HTTP caches a publish purges; made from PURGE configuration (VARNISH_URLS…) if absent. */
  readonly purgers?: readonly TagPurger[] | undefined;
  /** Their purges and retries (decision 036); made over DATABASE_URL's PostgreSQL, else in memory, if absent. */
  readonly purgeQueue?: PurgeQueue | undefined;
  /** /_ipx's jobs, cost budget and disk cache (server/index.ts shares them with pre-generation); made here if absent. */
  readonly imageMaker?: VariantMaker | undefined;
}

/** With purge targets: their queue, in the instances' PostgreSQL if there is one (decision 036). */
function configuredPurgeQueue(purgers: readonly TagPurger[], databaseUrl: string | undefined, logger: Logger): PurgeQueue | undefined {
  if (purgers.length === 0) return undefined;
  const store = databaseUrl === undefined ? memoryPurgeStore() : postgresPurgeStore(databaseUrl);
  return new PurgeQueue({ purgers, store, logger });
}

/** What the features below share, made once per app. */
interface Site {
  readonly deps: AppDependencies;
  readonly config: Config;
  readonly logger: Logger;
  readonly pageCache: PageCache | undefined;
  readonly purgers: readonly TagPurger[];
  readonly purgedOnPublish: boolean;
  readonly pageCacheControl: string;
  readonly derivedCaches: DerivedCaches;
  readonly previewSecret: string | undefined;
  readonly loaderContext: (req?: Request) => LoaderContext;
  readonly errorPages: ReturnType<typeof shellErrorPages>;
  readonly observe: ReturnType<typeof accessLog>;
}

/**
 * Builds the site as Node's request listener; `server/index.ts` only listens. The order is the architecture:
 * identify and log → cached page (before Express itself) → cache-tag scope → secure → refuse cross-site posts → compress → static files →
 * health, metrics and build info → content service, forms, revalidation, images and crawler files →
 * routing rules → React → 405 and error page. Cross-cutting steps are one module each in
 * `server/platform/http/`; each endpoint lives with its subject (`server/features/leads/forms/`, `server/features/pages/seo/`,
 * `server/features/pages/routing/`, `server/features/pages/ssr/`…) and answers at its path in `shared/routes/serverMounts.ts`,
 * the one list of what the server serves besides pages.
 */
export function createApp(deps: AppDependencies): RequestListener {
  const app = expressApp(deps.config);
  const site = siteOf(deps, app);
  mountFront(app, site);
  mountMonitoring(app, site);
  mountContentService(app, site);
  mountLeads(app, site);
  mountRevalidation(app, site);
  mountPreview(app, site);
  mountImages(app, site);
  mountFeeds(app, site);
  mountPages(app, site);
  return withPageCacheFront(app, site);
}

function expressApp(config: Config): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // Client addresses (rate limits, logs) come from X-Forwarded-For only as far as TRUST_PROXY
  // says: by default nobody is trusted, so a client reaching the server directly cannot forge its
  // address. The canonical origin never comes from these headers: PUBLIC_BASE_URL is configuration.
  app.set('trust proxy', typeof config.trustProxy === 'object' ? [...config.trustProxy] : config.trustProxy);
  return app;
}

function siteOf(deps: AppDependencies, app: Express): Site {
  const { config, logger } = deps;
  const contentForLoaders = loaderContent(deps.content);
  const previewContentForLoaders = deps.previewContent === undefined ? undefined : loaderContent(deps.previewContent);
  const previewSecret = previewContentForLoaders === undefined ? undefined : config.preview?.secret;
  // HTTP caches in front that a publish purges by tag (decision 027): pages may then be kept a day.
  const purgers = deps.purgers ?? configuredPurgers(config.purgeTargets);
  const purgedOnPublish = purgers.length > 0;
  const pageCache =
    deps.pageCache === undefined
      ? config.pageCacheMaxBytes > 0
        ? new PageCache({ maxBytes: config.pageCacheMaxBytes, ttlMs: config.contentCacheTtlMs, dropOnRevalidation: purgedOnPublish })
        : undefined
      : (deps.pageCache ?? undefined);
  // An editor's preview reads unpublished content (decision 021); everyone else the published.
  const loaderContext = (req?: Request): LoaderContext => ({
    publicBaseUrl: config.publicBaseUrl,
    preview: req?.res?.locals.preview === true,
    content: (req?.res?.locals.preview === true ? previewContentForLoaders : undefined) ?? contentForLoaders,
    yandexMapsApiKey: config.yandexMapsApiKey,
    uploadLimits: config.forms,
    formResult: req?.res?.locals.formResult as FormResult | undefined,
  });
  // §2's error page in the site's shell for the requests the server refuses before any page.
  const errorPages = shellErrorPages({
    routes: deps.routes,
    publicBaseUrl: config.publicBaseUrl,
    loaderContext,
    ttlMs: config.contentCacheTtlMs,
    logger,
  });
  // Every request of either front door is identified, logged and measured by this one observer:
  // first thing in Express, and in front of the page cache (below), once per request.
  const observe = accessLog({
    logger,
    trustProxy: app.get('trust proxy fn') as (address: string, hop: number) => boolean,
    pageRouteIds: pageRouteIdOf,
  });
  const pageCacheControl = sharedPageCacheControl(config.contentCacheTtlMs, purgedOnPublish);
  const derivedCaches = new DerivedCaches();
  return {
    deps,
    config,
    logger,
    pageCache,
    purgers,
    purgedOnPublish,
    pageCacheControl,
    derivedCaches,
    previewSecret,
    loaderContext,
    errorPages,
    observe,
  };
}

/** Identify and log, cache-tag scope, secure, refuse cross-site posts, compress, static files. */
function mountFront(app: Express, { deps, config, observe, errorPages }: Site): void {
  app.use(observe);
  // Every response built from content carries the tags of what it read (decision 027).
  app.use(responseTags(deps.manifest.buildId));
  app.use(securityHeaders(config));
  // Before any endpoint that changes something: forms, uploads, every other POST.
  app.use(refuseCrossSiteRequests(config.allowedOrigins, errorPages));
  app.use(compression());
  app.use(staticFiles({ assetsDir: deps.assetsDir, publicDir: deps.publicDir, serveSourceMaps: config.publicSourceMaps }));
}

/** Health probes, /metrics and the build's identity. */
function mountMonitoring(app: Express, { deps, config, logger, pageCache }: Site): void {
  // Each endpoint below is entered only at its own paths (server/platform/http/enterOnly.ts): a page request passes them all.
  app.use(
    enterOnly(
      atPaths([SERVER_PATHS.live, SERVER_PATHS.ready, SERVER_PATHS.database]),
      health(deps.readiness, logger, { reuseMs: deps.readinessReuseMs, draining: deps.draining, database: deps.databaseReadiness }),
    ),
  );
  // GET /metrics for the monitoring system (bearer METRICS_TOKEN; 404 without one).
  app.use(enterOnly(atPaths([SERVER_PATHS.metrics]), metricsEndpoint(config.metricsToken)));
  metricSources.pageCacheBytes = () => pageCache?.bytes ?? 0;
  recordBuild(deps.manifest.buildId);
  app.use(buildInfo(deps.manifest));
}

/** The embedded content service (decision 004), only when CONTENT_API_URL names no other. */
function mountContentService(app: Express, { deps }: Site): void {
  if (deps.contentRouter !== undefined) app.use(CONTENT_API_PATH, deps.contentRouter);
}

/** The lead forms and uploads: stored before answered (decision 008); and the visitors' web vitals. */
function mountLeads(app: Express, { deps, config, logger }: Site): void {
  app.use(enterOnly(atPaths([FORMS_API_PATH, UPLOAD_PATH]), formsApi({ config, logger, leads: deps.leads })));
  // POST /api/vitals: web vitals of real visitors, into /metrics' histograms.
  app.use(enterOnly(atPaths([VITALS_PATH]), vitalsEndpoint({ config, leads: deps.leads, logger })));
}

/**
 * POST /api/revalidate: a CMS's publish webhook drops the content cache and the cached pages
 * concerned in every process serving the site (docs/deploy.md).
 */
function mountRevalidation(app: Express, { deps, config, logger, pageCache, purgers, derivedCaches }: Site): void {
  const revalidation = deps.revalidationBus ?? localBus();
  // Every process revalidates its own caches; only the one that received the publish purges the
  // HTTP caches in front, once the others were told (decision 036).
  revalidation.subscribe((target) => applyRevalidation(target, { pageCache, content: deps.content, derived: derivedCaches }));
  const purgeQueue = deps.purgeQueue ?? configuredPurgeQueue(purgers, config.leads.databaseUrl, logger);
  if (purgeQueue !== undefined) {
    purgeQueue.start();
    // What older builds rendered is purged once, by the first instance serving this build.
    void purgeQueue.startBuild(deps.manifest.buildId);
  }
  app.use(
    enterOnly(
      atPaths([REVALIDATE_PATH]),
      revalidateApi({
        secret: config.revalidateSecret,
        bus: revalidation,
        logger,
        content: publishedContentOf(deps.content),
        purges: purgeQueue,
      }),
    ),
  );
}

/** GET /api/preview and /api/preview/end: an editor's preview of unpublished content (decision 021). */
function mountPreview(app: Express, { config, logger, previewSecret }: Site): void {
  app.use(enterOnly(atPaths([PREVIEW_PATH]), previewApi({ secret: previewSecret, publicBaseUrl: config.publicBaseUrl, logger })));
}

/**
 * What the browser may know of the server (for the document), then /_ipx images: answered
 * before the routing rules and pages, which know only the route table.
 */
function mountImages(app: Express, { deps, config, logger }: Site): void {
  app.use(browserConfig(config, deps.manifest));
  app.use(
    SERVER_TREES.images,
    imageService({
      publicDir: deps.publicDir,
      domains: config.imageDomains,
      cacheDir: config.imageCacheDir,
      limits: configuredImageLimits(config.imageCostBudget),
      maker: deps.imageMaker,
      logger,
    }),
  );
}

/** /sitemap.xml and /robots.txt; the blog's RSS, Atom and JSON feeds, all articles and per tag (files under /blog/, not pages). */
function mountFeeds(app: Express, { deps, config, logger, pageCacheControl }: Site): void {
  app.use(
    enterOnly(
      atPaths(Object.values(CRAWLER_FILE_PATHS)),
      crawlerFiles({ content: deps.content, publicBaseUrl: config.publicBaseUrl, logger, pageCacheControl }),
    ),
  );
  app.use(
    enterOnly(isFeedRequest, feedsEndpoint({ content: deps.content, publicBaseUrl: config.publicBaseUrl, logger, pageCacheControl })),
  );
}

/** The routing rules, the pages React renders, then 405 and the error page. */
function mountPages(app: Express, site: Site): void {
  const { deps, config, logger, previewSecret, pageCacheControl, errorPages } = site;
  app.use(previewMode(previewSecret));
  // §2 and §5: path safety, the 301 map, trailing slash, slug rules, resolved to one redirect (decision 006).
  app.use(
    routingRules({
      content: deps.content,
      publicBaseUrl: config.publicBaseUrl,
      logger,
      contentCacheTtlMs: config.contentCacheTtlMs,
      derivedCaches: site.derivedCaches,
    }),
  );
  // A page a form posted without JavaScript returned to: its result, for this visitor only (decision 030).
  app.use(formResultPages({ leads: deps.leads, logger }));
  app.use(
    pageHandler({
      routes: deps.routes,
      manifest: deps.manifest,
      publicBaseUrl: config.publicBaseUrl,
      abortAfterMs: config.ssrAbortMs,
      pageCacheControl,
      notFoundCacheControl: notFoundCacheControl(pageCacheControl, site.purgedOnPublish),
      logger,
      pageCache: site.pageCache,
      loaderContext: site.loaderContext,
    }),
  );
  app.use(methodNotAllowed(errorPages, config.publicBaseUrl));
  app.use(errorHandler(logger, config.publicBaseUrl, errorPages));
}

/**
 * A cached page is answered before Express handles the request at all (its router, its request
 * and response objects cost more than the hit itself): its stored headers already carry the
 * security headers, canonical link and build id of the response it was rendered for, and the
 * access log in front of both doors gives a hit its request id, access line and metric. The listener returned here is
 * the only way the app is served (`server/index.ts`, supertest and light-my-request in tests),
 * so the cache is in front of every request. Concurrent misses of one page share one render,
 * and stale entries are rendered afresh in the background through this same listener
 * (decision 018).
 */
function withPageCacheFront(app: Express, { config, pageCache, previewSecret, observe }: Site): RequestListener {
  if (pageCache === undefined) return app;
  const front = pageCacheFront(
    pageCache,
    app,
    config.isProduction ? cameOverHttps(app.get('trust proxy fn') as (address: string, hop: number) => boolean) : undefined,
  );
  // An editor's preview is never answered from the cache nor joins a shared render (decision 021).
  // Nor is a page showing a form's result, which is the visitor's own (decision 030).
  const bypassesCache = (req: IncomingMessage) =>
    (previewSecret !== undefined && hasPreviewCookie(req, previewSecret)) || hasFormResult(req);
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
