import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../paths.ts';
import { collectDefaultMetrics, Counter, Gauge, Histogram, register } from 'prom-client';

// The site's metrics (docs/deploy.md) in prom-client's global registry, which its AggregatorRegistry asks each
// worker for. Label values are closed sets (route ids, endpoint names, statuses): no visitor input becomes a series.
collectDefaultMetrics({ register, eventLoopMonitoringPrecision: 10 });

/** Seconds; from a cache hit (well under a millisecond) to a slow render. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Requests by route id, status and page-cache status (hit, stale, miss, bypass), and how long they took',
  labelNames: ['route', 'status', 'cache'] as const,
  buckets: DURATION_BUCKETS,
});

export const renderDuration = new Histogram({
  name: 'ssr_render_duration_seconds',
  help: 'Server render of a page, from the loaders\u2019 data to the finished HTML',
  buckets: DURATION_BUCKETS,
});

/** Page-cache lookups as plain numbers on the hottest path (a labelled counter builds its key per call), read when scraped. */
export const pageCacheLookups = { hits: 0, misses: 0 };
const reportedLookups = { hits: 0, misses: 0 };
new Counter({
  name: 'page_cache_lookups_total',
  help: 'Page requests answered from the page cache (hit) or rendered (miss)',
  labelNames: ['result'] as const,
  collect() {
    this.labels('hit').inc(pageCacheLookups.hits - reportedLookups.hits);
    this.labels('miss').inc(pageCacheLookups.misses - reportedLookups.misses);
    reportedLookups.hits = pageCacheLookups.hits;
    reportedLookups.misses = pageCacheLookups.misses;
  },
});

const contentFetches = new Counter({
  name: 'content_fetches_total',
  help: 'Loads from the content service (each after its retries), by outcome',
  labelNames: ['outcome'] as const,
});
export const contentFetchOk = contentFetches.labels('ok');
export const contentFetchFailed = contentFetches.labels('failed');

/** Content the validation dropped or refused (decision 021); type and field come from the schemas, never a visitor. */
export const contentValidationFailures = new Counter({
  name: 'content_validation_failures_total',
  help: 'Fields, list items and records of the content service that failed validation, by outcome (field-dropped, item-dropped, last-good-copy, record-refused)',
  labelNames: ['type', 'field', 'outcome'] as const,
});

/** What the gauges read when scraped; set by the process that owns each (server/app.ts). */
export const metricSources: {
  pageCacheBytes?: () => number;
  imageQueue?: () => number;
  outbox?: () => Promise<{ backlog: number; oldestCreatedAt: number | null }>;
} = {};

new Gauge({
  name: 'page_cache_bytes',
  help: 'Bytes held by the page cache (all encodings of every entry)',
  collect() {
    this.set(metricSources.pageCacheBytes?.() ?? 0);
  },
});

// Every instance reads the same outbox in the shared database: over workers take the maximum.
const outboxBacklog = new Gauge({ name: 'leads_outbox_backlog', help: 'Deliveries of leads not yet delivered', aggregator: 'max' });
new Gauge({
  name: 'leads_outbox_oldest_undelivered_age_seconds',
  help: 'Age of the oldest lead with a delivery still pending (0 when none)',
  aggregator: 'max',
  async collect() {
    const outbox = await metricSources.outbox?.().catch(() => undefined);
    outboxBacklog.set(outbox?.backlog ?? 0);
    this.set(outbox?.oldestCreatedAt == null ? 0 : Math.max(0, (Date.now() - outbox.oldestCreatedAt) / 1000));
  },
});

export const leadsStoreUnavailable = new Gauge({
  name: 'leads_store_unavailable',
  help: '1 while the leads database cannot be reached and forms are answered 503, else 0',
  aggregator: 'max',
});

/** Each one a lead the agency may never have seen (decision 023). */
export const leadsUndeliveredPurged = new Counter({
  name: 'leads_undelivered_purged_total',
  help: 'Leads deleted with their files after LEADS_UNDELIVERED_PURGE_DAYS without reaching every destination',
});

/** Decision 039; labels are the form names and the two reasons, a closed set. */
export const leadsSuspectedSpam = new Counter({
  name: 'leads_suspected_spam_total',
  help: 'Form posts judged automated, by form and reason: sent too fast, delivered marked; honeypot filled, kept from the agency',
  labelNames: ['form', 'reason'] as const,
});

/** `unpublished`: applied here only, the bus failed (503). */
export const revalidations = new Counter({
  name: 'revalidations_total',
  help: 'On-demand revalidations received, by outcome (published to every instance, or unpublished)',
  labelNames: ['outcome'] as const,
});
// Closed sets of label values start at 0: an alert on an increase needs the series before it.
for (const outcome of ['published', 'unpublished']) revalidations.labels(outcome).inc(0);

export const pageCachePurges = new Counter({
  name: 'page_cache_purges_total',
  help: 'Revalidations applied to this process\u2019s page cache, by outcome (all, pages, none)',
  labelNames: ['outcome'] as const,
});
for (const outcome of ['all', 'pages', 'none']) pageCachePurges.labels(outcome).inc(0);

/** Each attempt; the resource is the JSON:API path's first segment. */
export const contentFetchDuration = new Histogram({
  name: 'content_fetch_duration_seconds',
  help: 'Requests to the content service, by resource and outcome (ok, error), and how long they took',
  labelNames: ['resource', 'outcome'] as const,
  buckets: DURATION_BUCKETS,
});

export const imageRefusals = new Counter({
  name: 'image_refusals_total',
  help: 'Image requests refused, by status (429 client over its limit, 503 queue full)',
  labelNames: ['status'] as const,
});
for (const status of ['429', '503']) imageRefusals.labels(status).inc(0);

new Gauge({
  name: 'image_queue_cost',
  help: 'Cost of the image jobs waiting for an encoder (queue depth in cost units; the queue refuses beyond its capacity)',
  collect() {
    this.set(metricSources.imageQueue?.() ?? 0);
  },
});

export const renderAborts = new Counter({
  name: 'ssr_render_aborts_total',
  help: 'Server renders aborted for taking longer than SSR_ABORT_MS',
});

export const rateLimitRefusals = new Counter({
  name: 'rate_limit_refusals_total',
  help: 'Requests refused by a rate limit (429), by endpoint',
  labelNames: ['endpoint'] as const,
});

export const leadsCreated = new Counter({
  name: 'leads_created_total',
  help: 'Leads stored, by form (repeats of an idempotent post not counted)',
  labelNames: ['form'] as const,
});

export const leadsDelivered = new Counter({
  name: 'leads_delivered_total',
  help: 'Lead deliveries that reached their destination (webhook, email)',
  labelNames: ['destination'] as const,
});
for (const destination of ['webhook', 'email']) leadsDelivered.labels(destination).inc(0);

/** A line that stops rising means this process no longer delivers. */
export const leadsOutboxRuns = new Counter({
  name: 'leads_outbox_runs_total',
  help: 'Runs of the leads outbox completed in this process (scheduled or after a submission)',
});

const buildInfo = new Gauge({
  name: 'build_info',
  help: 'The build this process serves (always 1), by build id and version',
  labelNames: ['build_id', 'version'] as const,
});

/** Sets `build_info` for the build this process serves; the version is the package's (package.json). */
export function recordBuild(buildId: string): void {
  const { version } = JSON.parse(readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8')) as { version: string };
  buildInfo.reset();
  buildInfo.labels(buildId, version).set(1);
}
