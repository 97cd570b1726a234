import { Counter, Gauge } from 'prom-client';

/** Purges of the caches in front that failed, by target, and those waiting for a retry (decision 036; alerted on). */
export const cachePurgeFailures = new Counter({
  name: 'cache_purge_failures_total',
  help: 'Purge requests to an HTTP cache in front (Varnish, Fastly, Cloudflare) that failed, by target; each is retried',
  labelNames: ['target'] as const,
});

export const cachePurges = new Counter({
  name: 'cache_purges_total',
  help: 'Purge requests to an HTTP cache in front that it accepted, by target',
  labelNames: ['target'] as const,
});

/** Set by the purge queue after each run; with PostgreSQL every instance reports the one shared table. */
export const cachePurgesPending = new Gauge({
  name: 'cache_purges_pending',
  help: 'Failed purges waiting for a retry (in PostgreSQL, shared by every instance)',
  aggregator: 'max',
});
