import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler, Response } from 'express';
import {
  BUILD_INFO_PATH,
  CONTENT_API_PATH,
  FORMS_API_PATH,
  REVALIDATE_PATH,
  SERVER_PATHS,
  SERVER_TREES,
  UPLOAD_PATH,
  VITALS_PATH,
} from '../../shared/routes/serverMounts.ts';
import { httpRequestDuration } from '../monitoring/metrics.ts';
import { CRAWLER_FILE_PATHS } from '../seo/crawlerFiles.ts';

/**
 * Endpoints that are not pages, by path prefix: their route id in the metrics. The paths are
 * the ones the server mounts (`shared/routes/serverMounts.ts`), so a moved endpoint keeps its name.
 */
const ENDPOINTS: readonly (readonly [prefix: string, route: string])[] = [
  [`${SERVER_TREES.assets}/`, 'assets'],
  [`${SERVER_TREES.images}/`, 'images'],
  [`${FORMS_API_PATH}/`, 'forms'],
  [UPLOAD_PATH, 'upload'],
  [VITALS_PATH, 'vitals'],
  [`${CONTENT_API_PATH}/`, 'content-api'],
  [REVALIDATE_PATH, 'revalidate'],
  [SERVER_PATHS.metrics, 'metrics'],
  [SERVER_PATHS.live, 'health'],
  [SERVER_PATHS.ready, 'health'],
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
