import type { IncomingMessage, RequestListener } from 'node:http';
import express, { type Express, type Request } from 'express';
import type { Router } from 'express';
import type { RouteObject } from 'react-router';
import type { ClientManifest } from '../build/manifest.ts';
import type { ContentApi } from '../shared/content/contentApi.ts';
import type { FormResult } from '../shared/forms/formResult.ts';
import type { LoaderContext } from '../shared/page-kit/loaderContext.ts';
import { CONTENT_API_PATH } from '../shared/routes/serverMounts.ts';
import { mountFeeds } from './features/feeds/index.ts';
import { mountImages, type VariantMaker } from './features/images/index.ts';
import { formResultPages, hasFormResult, mountLeads, type LeadCapture } from './features/leads/index.ts';
import { mountMonitoring } from './features/monitoring/index.ts';
import { mountPages, PageCache, withPageCacheFront } from './features/pages/index.ts';
import { hasPreviewCookie, mountPreview, previewMode } from './features/preview/index.ts';
import {
  configuredPurgers,
  mountRevalidation,
  type PurgeQueue,
  type RevalidationBus,
  type TagPurger,
} from './features/revalidation/index.ts';
import { hasPurgeTarget, type Config } from './platform/config/env.ts';
import { DerivedCaches } from './platform/content/derivedCaches.ts';
import { loaderContent } from './platform/content/loaderContent.ts';
import { responseTags } from './platform/content/responseTags.ts';
import { accessLog } from './platform/http/accessLog.ts';
import { browserConfig } from './platform/http/browserConfig.ts';
import { pageCachePolicy } from './platform/http/cacheControl.ts';
import { compression } from './platform/http/compression.ts';
import type { Readiness } from './platform/http/health.ts';
import { pageRouteIdOf } from './platform/http/routeIds.ts';
import { securityHeaders } from './platform/http/securityHeaders.ts';
import { staticFiles } from './platform/http/staticFiles.ts';
import type { Logger } from './platform/logging/logger.ts';
import { refuseCrossSiteRequests } from './platform/render/crossSiteRequests.ts';
import { errorHandler, methodNotAllowed } from './platform/render/errorHandler.ts';
import { shellErrorPages } from './platform/render/shellErrorPage.tsx';

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
  /** The page cache (server/index.ts makes it to warm it); absent, one is made from the configuration; null, none. */
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

/** The platform's parts that several features share, made once per app. */
type Site = ReturnType<typeof siteOf>;

/**
 * The composition root (decision 042): Node's request listener over the platform, each feature mounted in the order
 * that is the architecture: identify and log → cached page (before Express) → cache-tag scope → secure → refuse
 * cross-site posts → compress → static files → monitoring → content service → leads → revalidation → preview →
 * images → feeds → pages → 405 and error page. Each feature answers at its paths in `shared/routes/serverMounts.ts`.
 */
export function createApp(deps: AppDependencies): RequestListener {
  const app = expressApp(deps.config);
  const site = siteOf(deps, app);
  const { config, logger, pageCache } = site;
  mountFront(app, site);
  mountMonitoring(app, { ...deps, pageCacheBytes: () => pageCache?.bytes ?? 0 });
  // The embedded content service (decision 004), only when CONTENT_API_URL names no other.
  if (deps.contentRouter !== undefined) app.use(CONTENT_API_PATH, deps.contentRouter);
  mountLeads(app, deps);
  mountRevalidation(app, {
    ...site,
    content: deps.content,
    buildId: deps.manifest.buildId,
    bus: deps.revalidationBus,
    purgeQueue: deps.purgeQueue,
  });
  mountPreview(app, { secret: site.previewSecret, publicBaseUrl: config.publicBaseUrl, logger });
  // What the browser may know of the server, for every document from here on.
  app.use(browserConfig(config, deps.manifest));
  mountImages(app, { config, logger, publicDir: deps.publicDir, maker: deps.imageMaker });
  const publicContent = { content: deps.content, publicBaseUrl: config.publicBaseUrl, logger, pageCacheControl: site.cachePolicy.shared };
  mountFeeds(app, publicContent);
  mountPages(app, {
    ...site,
    content: deps.content,
    routes: deps.routes,
    manifest: deps.manifest,
    beforeRouting: [previewMode(site.previewSecret)],
    beforeRender: [formResultPages({ leads: deps.leads, logger })],
  });
  app.use(methodNotAllowed(site.errorPages, config.publicBaseUrl));
  app.use(errorHandler(logger, config.publicBaseUrl, site.errorPages));
  return withPageCacheFront(app, { config, pageCache, observe: site.observe, bypassesCache: bypassesCacheOf(site.previewSecret) });
}

function expressApp(config: Config): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // Client addresses come from X-Forwarded-For only as far as TRUST_PROXY says (by default nobody is trusted).
  app.set('trust proxy', typeof config.trustProxy === 'object' ? [...config.trustProxy] : config.trustProxy);
  return app;
}

function siteOf(deps: AppDependencies, app: Express) {
  const { config, logger } = deps;
  const contentForLoaders = loaderContent(deps.content);
  const previewContentForLoaders = deps.previewContent === undefined ? undefined : loaderContent(deps.previewContent);
  const previewSecret = previewContentForLoaders === undefined ? undefined : config.preview?.secret;
  // HTTP caches in front that a publish purges by tag (decision 027): pages may then be kept a day.
  const purgers = deps.purgers ?? configuredPurgers(config.purgeTargets);
  const cachePolicy = pageCachePolicy(config.contentCacheTtlMs, purgers.length > 0);
  const pageCache = deps.pageCache === undefined ? configuredPageCache(config, purgers.length > 0) : (deps.pageCache ?? undefined);
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
  // The one observer of both front doors: first in Express, and in front of the page cache.
  const observe = accessLog({
    logger,
    trustProxy: app.get('trust proxy fn') as (address: string, hop: number) => boolean,
    pageRouteIds: pageRouteIdOf,
  });
  return {
    deps,
    config,
    logger,
    pageCache,
    purgers,
    cachePolicy,
    derivedCaches: new DerivedCaches(),
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

/** The page cache PAGE_CACHE_MAX_MB asks for, kept as long as the cache policy says (server/index.ts makes it to warm it). */
export function configuredPageCache(config: Config, purged = hasPurgeTarget(config.purgeTargets)): PageCache | undefined {
  if (config.pageCacheMaxBytes === 0) return undefined;
  return new PageCache({ maxBytes: config.pageCacheMaxBytes, ...pageCachePolicy(config.contentCacheTtlMs, purged).pageCache });
}

/** An editor's preview (decision 021) and a page showing a visitor's form result (decision 030) bypass the cache. */
function bypassesCacheOf(previewSecret: string | undefined): (req: IncomingMessage) => boolean {
  return (req) => (previewSecret !== undefined && hasPreviewCookie(req, previewSecret)) || hasFormResult(req);
}
