import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import type { ClientManifest } from '../build/manifest.ts';
import { configuredPageCache, createApp } from './app.ts';
import { configuredImageLimits, contentImages, createVariantMaker, pregenerateImages, type VariantMaker } from './features/images/index.ts';
import { startLeadCapture } from './features/leads/index.ts';
import { aggregateWorkerMetrics } from './features/monitoring/index.ts';
import { collectSitemapEntries, createServerRoutes, WarmUp, type PageCache } from './features/pages/index.ts';
import { clusterBus, postgresBus, relayRevalidations, type RevalidationBus } from './features/revalidation/index.ts';
import { ConfigError, loadConfig, type Config } from './platform/config/env.ts';
import { createContentStack, type ContentStack } from './platform/content/contentStack.ts';
import { startRefreshJob } from './platform/content/refreshJob.ts';
import { allReady, informOnly } from './platform/http/health.ts';
import { CONNECTION_LIMITS } from './platform/http/connectionLimits.ts';
import { createHttpServer } from './platform/http/httpServer.ts';
import { createLogger, type Logger } from './platform/logging/logger.ts';
import { metricSources } from './platform/monitoring/metrics.ts';
import { startProcessMetrics } from './platform/monitoring/processMetrics.ts';
import { PATHS } from './platform/paths.ts';
import { Drain, installGracefulShutdown, SHUTDOWN_TIMEOUT_MS } from './platform/process/shutdown.ts';
import { exitOnStartupFailure, StartupFailure, startupStep } from './platform/process/startupFailure.ts';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    // One JSON line naming the variable, no stack, like every start-up failure: an operator's
    // mistake, not a bug. The configured log level is unknown, so the line is written at `info`.
    if (error instanceof ConfigError) exitOnStartupFailure(createLogger('info'), new StartupFailure('configuration', error));
    throw error;
  }
}

async function startWorker(config: Config, logger: Logger) {
  // RSS and event-loop delay, logged on SIGUSR2 and at shutdown for `npm run soak`.
  const metrics = startProcessMetrics(logger);
  const manifest = await startupStep('build', () => JSON.parse(readFileSync(PATHS.manifest, 'utf8')) as ClientManifest);
  const content = await startupStep('content service', () => createContentStack(config, logger));
  // The leads store is open and migrated before the first request: a 201 always means stored.
  const leads = await startupStep('database', () => startLeadCapture(config, logger));
  metricSources.outbox = () => leads.store.outboxBacklog();
  // Revalidations reach every instance through PostgreSQL, else this machine's other workers.
  const revalidationBus = config.leads.databaseUrl !== undefined ? postgresBus(config.leads.databaseUrl, logger) : clusterBus();
  // Each worker has a cache of its own and warms it after listening (docs/decisions/018-…).
  const pageCache = configuredPageCache(config) ?? null;
  const warmUp = new WarmUp();
  const drain = new Drain();
  const imageMaker = createVariantMaker({ cacheDir: config.imageCacheDir, limits: configuredImageLimits(config.imageCostBudget), logger });
  metricSources.imageQueue = () => imageMaker.budget.queued;
  const app = createApp({
    config,
    logger,
    manifest,
    routes: await createServerRoutes(),
    assetsDir: PATHS.assets,
    publicDir: PATHS.public,
    // The probe asks "can this instance render pages?": the leads database is shown, not gating (decision 035).
    readiness: warmUp.readiness(allReady(content.readiness, informOnly('leads', leads.readiness))),
    databaseReadiness: leads.readiness,
    draining: () => drain.draining,
    content: content.client,
    contentRouter: content.router,
    previewContent: content.previewClient,
    leads: () => Promise.resolve(leads),
    revalidationBus,
    pageCache,
    imageMaker,
  });
  // Slow clients are cut by Node itself within a second of their limit (431 for huge headers).
  const server = createHttpServer(app, {
    ...CONNECTION_LIMITS,
    maxConnections: config.maxConnections,
    maxConnectionsPerAddress: config.maxConnectionsPerAddress,
  });
  // A port in use or not ours to take: nothing can be served.
  server.once('error', (error) => {
    if (!server.listening) exitOnStartupFailure(logger, new StartupFailure('port', error));
  });
  server.listen(config.port, config.host, () => {
    logger.info({ port: config.port, host: config.host, buildId: manifest.buildId }, `listening on ${config.publicBaseUrl}`);
    warmAfterListening({ config, logger, warmUp, pageCache, content: content.client, imageMaker });
  });
  const stopContentRefresh = startRefreshJob(content.client, logger);
  const stopWatchingSeed = watchSeedEdits(config, logger, content, revalidationBus);
  installGracefulShutdown(
    server,
    logger,
    [
      stopContentRefresh,
      () => stopWatchingSeed?.(),
      () => imageMaker.close(),
      () => leads.close(),
      () => revalidationBus.close(),
      () => metrics.stop(),
    ],
    { drain, drainMs: config.shutdownDrainMs },
  );
}

/** The pages first, then the widest image variants, once this worker listens. */
function warmAfterListening(parts: {
  config: Config;
  logger: Logger;
  warmUp: WarmUp;
  pageCache: PageCache | null;
  content: ContentStack['client'];
  imageMaker: VariantMaker;
}): void {
  const { config, logger, warmUp, pageCache, content, imageMaker } = parts;
  const sitemapPaths = async () => (await collectSitemapEntries(content)).map((entry) => entry.path);
  // The widest image variants once the pages are warm: the disk cache is shared by the workers,
  // so one of them makes them (the first, or the one that replaced it) (docs/decisions/024-…).
  void warmUp.run(config.pageCacheWarmUp ? (pageCache ?? undefined) : undefined, sitemapPaths, logger).then(async () => {
    if (!config.imagePregenerate || (cluster.worker?.id ?? 1) % config.webConcurrency !== 1 % config.webConcurrency) return;
    const images = await contentImages(content).catch((error: unknown) => {
      logger.warn({ err: error }, 'image pre-generation skipped: the content could not be read');
      return [];
    });
    await pregenerateImages(imageMaker, { publicDir: PATHS.public, domains: config.imageDomains, images, logger });
  });
}

/** Outside production (`npm run dev`), an edit of the seed is published as a CMS's would be. */
function watchSeedEdits(config: Config, logger: Logger, content: ContentStack, bus: RevalidationBus): (() => void) | undefined {
  if (config.isProduction) return undefined;
  return content.watchSeed?.(() => {
    logger.info('seed changed: content revalidated');
    bus.publish({ all: true }).catch((error: unknown) => logger.warn({ err: error }, 'seed change not published'));
  });
}

/** WEB_CONCURRENCY > 1: a primary forks that many workers and replaces any that dies. */
function startPrimary(config: Config) {
  const logger = createLogger(config.logLevel);
  let stopping = false;
  for (let i = 0; i < config.webConcurrency; i += 1) cluster.fork();
  relayRevalidations();
  aggregateWorkerMetrics();
  const started = new Set<number>();
  cluster.on('listening', (worker) => started.add(worker.id));
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    // A worker that never listened failed to start (its one line says why): forking it again
    // would fail the same way forever, so the instance ends and its supervisor sees it.
    if (!started.has(worker.id) && code !== 0) return stop('SIGTERM', code);
    logger.error({ workerPid: worker.process.pid, code, signal }, 'worker died; starting a new one');
    cluster.fork();
  });
  const stop = (signal: NodeJS.Signals, exitCode = 0) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    // A worker drains, then gives up after SHUTDOWN_TIMEOUT_MS; the primary waits a second longer for it to go.
    setTimeout(() => process.exit(exitCode), config.shutdownDrainMs + SHUTDOWN_TIMEOUT_MS + 1000).unref();
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
    });
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

const config = readConfig();
if (config.webConcurrency > 1 && cluster.isPrimary) startPrimary(config);
else {
  const logger = createLogger(config.logLevel);
  await startWorker(config, logger).catch((error: unknown) => exitOnStartupFailure(logger, error));
}
