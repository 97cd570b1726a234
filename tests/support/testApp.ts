import { readFileSync } from 'node:fs';
import type { ClientManifest } from '../../build/manifest.ts';
import { createApp, type AppDependencies } from '../../server/app.ts';
import { createContentStack } from '../../server/platform/content/contentStack.ts';
import { loadSeed, type SeedContent } from '../../server/platform/content/service/loadSeed.ts';
import { loadConfig, type Config } from '../../server/platform/config/env.ts';
import { startLeadCapture, type LeadCapture } from '../../server/features/leads/leadCapture.ts';
import { createLogger, type Logger } from '../../server/platform/logging/logger.ts';
import { PATHS } from '../../server/platform/paths.ts';
import { createServerRoutes } from '../../server/features/pages/ssr/serverRoutes.ts';
import { captureLogs } from './captureLogs.ts';

export function readManifest(): ClientManifest {
  return JSON.parse(readFileSync(PATHS.manifest, 'utf8')) as ClientManifest;
}

let seed: SeedContent | undefined;

/**
 * The leads store of the test's configuration, opened on the first form post (most tests never
 * post one) and without the outbox and purge schedules, which tests drive themselves.
 */
function leadsOnFirstUse(config: Config, logger: Logger): () => Promise<LeadCapture> {
  let opening: Promise<LeadCapture> | undefined;
  return () => {
    opening ??= startLeadCapture(config, logger, { schedule: false });
    return opening;
  };
}

/** The real app over the real build, with an in-memory log and test configuration. */
export async function createTestApp(env: NodeJS.ProcessEnv = {}, overrides: Partial<AppDependencies> = {}) {
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_BASE_URL: 'https://verf.test', ...env });
  const { logs, stream } = captureLogs();
  const logger = createLogger('info', stream);
  // The embedded content service (or CONTENT_API_URL's), with the seed read once per test file.
  seed ??= loadSeed();
  const content = createContentStack(config, logger, seed);
  const app = createApp({
    config,
    logger,
    manifest: readManifest(),
    routes: await createServerRoutes(),
    assetsDir: PATHS.assets,
    publicDir: PATHS.public,
    readiness: content.readiness,
    content: content.client,
    contentRouter: content.router,
    previewContent: content.previewClient,
    leads: leadsOnFirstUse(config, logger),
    ...overrides,
  });
  return { app, config, logs, content };
}
