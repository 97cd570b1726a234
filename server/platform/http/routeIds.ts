import {
  BUILD_INFO_PATH,
  CONTENT_API_PATH,
  FORMS_API_PATH,
  REVALIDATE_PATH,
  SERVER_PATHS,
  SERVER_TREES,
  UPLOAD_PATH,
  VITALS_PATH,
} from '../../../shared/routes/serverMounts.ts';
import { NOT_FOUND_ROUTE_ID } from '../../../shared/app/routeObjects.ts';
import { matchRoute } from './routeMatch.ts';

/** The crawler files the server answers (server/features/pages/seo/crawlerFiles.ts). */
export const CRAWLER_FILE_PATHS = { robots: '/robots.txt', sitemap: '/sitemap.xml' } as const;

/** Endpoints that are not pages, by the path prefix the server mounts: their route id in the log and the metrics. */
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

/** The name of the endpoint a path belongs to, `other` for anything else: a closed set of label values. */
export function routeIdOf(path: string): string {
  for (const [prefix, route] of ENDPOINTS) if (path.startsWith(prefix)) return route;
  return 'other';
}

/** The route table's id of the page at a path (its deepest match), never the path itself. */
export type PageRouteIds = (path: string) => string | undefined;

/** A page-cache hit's route id: the path's match in the route table, else the not-found route's. */
export const pageRouteIdOf: PageRouteIds = (path) => matchRoute(path)?.route.id ?? NOT_FOUND_ROUTE_ID;
