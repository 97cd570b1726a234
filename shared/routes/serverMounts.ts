/** Every address the server answers that is not a page (§2, §7), named once for the server and the browser. */

/** Trees: the path and everything below it. */
export const SERVER_TREES = { api: '/api', images: '/_ipx', builds: '/builds', assets: '/assets' } as const;

/** Single paths: the liveness and readiness probes, the leads database's health and the monitoring system's metrics. */
export const SERVER_PATHS = { live: '/healthz', ready: '/readyz', database: '/healthz/database', metrics: '/metrics' } as const;

/** The embedded JSON:API content service, when CONTENT_API_URL names no other (decision 004). */
export const CONTENT_API_PATH = `${SERVER_TREES.api}/content` as const;
/** Where the forms post (§7 leaves the endpoints open): the site's script and the no-JavaScript form. */
export const FORMS_API_PATH = `${SERVER_TREES.api}/forms` as const;
/** §7 "File upload can POST multipart form data to a configurable URL": the server's own address. */
export const UPLOAD_PATH = `${SERVER_TREES.api}/upload` as const;
/** The web-vitals beacon of real visitors (`client/vitals/` → `server/features/leads/vitals/`). */
export const VITALS_PATH = `${SERVER_TREES.api}/vitals` as const;
/** A CMS's publish webhook (docs/deploy.md). */
export const REVALIDATE_PATH = `${SERVER_TREES.api}/revalidate` as const;
/** The editors' preview (docs/decisions/021): opened from the CMS, ended by the banner. */
export const PREVIEW_PATH = `${SERVER_TREES.api}/preview` as const;
export const PREVIEW_END_PATH = `${PREVIEW_PATH}/end` as const;

/** §7 `GET builds/latest.json?timestamp=…`: the build the server runs, polled by the browser. */
export const BUILD_INFO_PATH = `${SERVER_TREES.builds}/latest.json` as const;
