import type { Express } from 'express';
import type { ClientManifest } from '../../../build/manifest.ts';
import { SERVER_PATHS } from '../../../shared/routes/serverMounts.ts';
import type { Config } from '../../platform/config/env.ts';
import { buildInfo } from '../../platform/http/buildInfo.ts';
import { atPaths, enterOnly } from '../../platform/http/enterOnly.ts';
import { health, type Readiness } from '../../platform/http/health.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import { metricSources, recordBuild } from '../../platform/monitoring/metrics.ts';
import { metricsEndpoint } from './metricsEndpoint.ts';

export { aggregateWorkerMetrics } from './metricsEndpoint.ts';

export interface MonitoringOptions {
  readonly config: Config;
  readonly logger: Logger;
  readonly manifest: ClientManifest;
  readonly readiness: Readiness;
  readonly readinessReuseMs?: number | undefined;
  readonly draining?: (() => boolean) | undefined;
  readonly databaseReadiness?: Readiness | undefined;
  /** What the page cache holds, for /metrics. */
  readonly pageCacheBytes: () => number;
}

/** Health probes (decision 035), /metrics (bearer METRICS_TOKEN; 404 without one) and the build's identity. */
export function mountMonitoring(app: Express, options: MonitoringOptions): void {
  const { config, logger, manifest } = options;
  // Each endpoint is entered only at its own paths (server/platform/http/enterOnly.ts): a page request passes them all.
  app.use(
    enterOnly(
      atPaths([SERVER_PATHS.live, SERVER_PATHS.ready, SERVER_PATHS.database]),
      health(options.readiness, logger, {
        reuseMs: options.readinessReuseMs,
        draining: options.draining,
        database: options.databaseReadiness,
      }),
    ),
  );
  app.use(enterOnly(atPaths([SERVER_PATHS.metrics]), metricsEndpoint(config.metricsToken)));
  metricSources.pageCacheBytes = options.pageCacheBytes;
  recordBuild(manifest.buildId);
  app.use(buildInfo(manifest));
}
