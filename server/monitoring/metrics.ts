import { collectDefaultMetrics, Counter, Gauge, Histogram, register } from 'prom-client';

/**
 * The site's Prometheus metrics (docs/deploy.md), defined once per process in prom-client's
 * global registry, which is also what its AggregatorRegistry asks each cluster worker for.
 * Label values are a closed set (route ids of the route table, a few endpoint names, status
 * codes), so no visitor input ever becomes a time series.
 */

// Process metrics (CPU, memory, handles, GC) and the event-loop lag, from prom-client itself.
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

/**
 * Page-cache lookups, counted as plain numbers on the hottest path of the site (a hit is
 * answered in microseconds; a labelled counter would build its label key on every request);
 * the Prometheus counter catches up when scraped.
 */
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

/**
 * Content the validation dropped or refused (decision 021), by JSON:API resource type and field
 * below it: both come from the content schemas and the CMS's own types, never from a visitor.
 */
export const contentValidationFailures = new Counter({
  name: 'content_validation_failures_total',
  help: 'Fields, list items and records of the content service that failed validation (dropped or refused)',
  labelNames: ['type', 'field'] as const,
});

/** What the gauges read when scraped; set by the process that owns each (server/app.ts). */
export const metricSources: {
  pageCacheBytes?: () => number;
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

/** 1 while the leads database is unreachable (server/leads/storeAvailability.ts): forms answer 503. */
export const leadsStoreUnavailable = new Gauge({
  name: 'leads_store_unavailable',
  help: '1 while the leads database cannot be reached and forms are answered 503, else 0',
  aggregator: 'max',
});

/**
 * Leads deleted because they never reached every destination within LEADS_UNDELIVERED_PURGE_DAYS
 * (server/leads/purge.ts, docs/decisions/023-…): each one is a lead the agency may never have seen.
 */
export const leadsUndeliveredPurged = new Counter({
  name: 'leads_undelivered_purged_total',
  help: 'Leads deleted with their files after LEADS_UNDELIVERED_PURGE_DAYS without reaching every destination',
});
