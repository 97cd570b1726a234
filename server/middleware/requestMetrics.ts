import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler, Response } from 'express';
import { FORMS_API_PATH, UPLOAD_PATH } from '../../shared/forms/endpoints.ts';
import { IPX_PREFIX } from '../../shared/ui/imageScreens.ts';
import { VITALS_PATH } from '../../shared/vitals/vitalsBeacon.ts';
import { EMBEDDED_MOUNT_PATH } from '../content/contentStack.ts';
import { httpRequestDuration } from '../monitoring/metrics.ts';
import { METRICS_PATH } from '../monitoring/metricsEndpoint.ts';
import { REVALIDATE_PATH } from '../revalidation/revalidateApi.ts';
import { CRAWLER_FILE_PATHS } from '../seo/crawlerFiles.ts';
import { BUILD_INFO_PATH } from './buildInfo.ts';
import { HEALTH_PATHS } from './health.ts';
import { ASSETS_PATH } from './staticFiles.ts';

/**
 * Endpoints that are not pages, by path prefix: their route id in the metrics. The paths are
 * the ones each endpoint's module mounts (one definition each), so a moved endpoint keeps its name.
 */
const ENDPOINTS: readonly (readonly [prefix: string, route: string])[] = [
  [`${ASSETS_PATH}/`, 'assets'],
  [`${IPX_PREFIX}/`, 'images'],
  [`${FORMS_API_PATH}/`, 'forms'],
  [UPLOAD_PATH, 'upload'],
  [VITALS_PATH, 'vitals'],
  [`${EMBEDDED_MOUNT_PATH}/`, 'content-api'],
  [REVALIDATE_PATH, 'revalidate'],
  [METRICS_PATH, 'metrics'],
  [HEALTH_PATHS.live, 'health'],
  [HEALTH_PATHS.ready, 'health'],
  [BUILD_INFO_PATH, 'build-info'],
  [CRAWLER_FILE_PATHS.sitemap, 'crawler-files'],
  [CRAWLER_FILE_PATHS.robots, 'crawler-files'],
];

const started = new WeakMap<ServerResponse, number>();

function routeOf(res: Response): string {
  const routeId = res.locals.routeId as string | undefined;
  if (routeId !== undefined) return routeId;
  if (res.getHeader('x-cache') === 'HIT') return 'cached-page';
  // `originalUrl`: a router mounted at a prefix (/_ipx) strips it from `url`.
  const path = (res.req as IncomingMessage & { originalUrl?: string }).originalUrl ?? res.req.url ?? '';
  for (const [prefix, route] of ENDPOINTS) if (path.startsWith(prefix)) return route;
  return 'other';
}

/** One listener shared by every response (`this` is the response): no closure per request. */
function observe(this: Response): void {
  const start = started.get(this);
  if (start === undefined) return;
  httpRequestDuration.labels(routeOf(this), String(this.statusCode)).observe((performance.now() - start) / 1000);
}

/** The series of page-cache hits by status (200, 304, 404): made once, not per hit. */
const cachedPageSeries = new Map<number, { observe(seconds: number): void }>();

/** Records a page-cache hit answered without Express (`server/middleware/cachedPages.ts`). */
export function observeCachedPage(status: number, milliseconds: number): void {
  let series = cachedPageSeries.get(status);
  if (series === undefined) {
    series = httpRequestDuration.labels('cached-page', String(status));
    cachedPageSeries.set(status, series);
  }
  series.observe(milliseconds / 1000);
}

/**
 * Feeds `http_request_duration_seconds{route,status}` (server/monitoring/metrics.ts): the route
 * id of the page rendered (set by the page handler), `cached-page` for a page-cache hit, or
 * the endpoint's name.
 */
export function requestMetrics(): RequestHandler {
  return (_req, res, next) => {
    started.set(res, performance.now());
    res.once('finish', observe);
    next();
  };
}
