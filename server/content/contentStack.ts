import type { Router } from 'express';
import { timedContentTransport } from '../monitoring/contentFetches.ts';
import { ContentClient } from '../content-client/contentClient.ts';
import type { ValidationFailure } from '../content-client/forgivingValidation.ts';
import type { Transport } from '../content-client/transport.ts';
import type { Config } from '../config/env.ts';
import { loadSeed, type SeedContent } from '../content-service/loadSeed.ts';
import { contentServiceRouter } from '../content-service/router.ts';
import { createContentService } from '../content-service/service.ts';
import type { Logger } from '../logging/logger.ts';
import type { Readiness } from '../middleware/health.ts';
import { contentFetchFailed, contentFetchOk, contentValidationFailures } from '../monitoring/metrics.ts';
import { inProcessTransport } from './inProcessTransport.ts';
import { CONTENT_API_PATH } from '../../shared/routes/serverMounts.ts';

export interface ContentStack {
  readonly client: ContentClient;
  /** The same service's working copy, for editors' previews; absent without PREVIEW_SECRET (decision 021). */
  readonly previewClient: ContentClient | undefined;
  /** The embedded JSON:API service to mount at CONTENT_API_PATH; absent with CONTENT_API_URL. */
  readonly router: Router | undefined;
  readonly readiness: Readiness;
}

/**
 * The content side of the server. With CONTENT_API_URL: a client over HTTP to that service.
 * Without: the embedded service, loaded from the seed files (schema-checked; a bad seed stops
 * start-up with every problem listed), served at /api/content/ and read by the client
 * in-process through the same JSON:API documents.
 */
export function createContentStack(config: Config, logger: Logger, seed?: SeedContent): ContentStack {
  const common = {
    timeoutMs: config.contentApiTimeoutMs,
    cacheTtlMs: config.contentCacheTtlMs,
    logger: logger.child({ component: 'content' }),
    onFetch: (ok: boolean) => (ok ? contentFetchOk : contentFetchFailed).inc(),
    onValidationFailure: ({ type, field, outcome }: ValidationFailure) =>
      contentValidationFailures.labels(type, field, outcome.replace(' ', '-')).inc(),
  };
  let source: { baseUrl: string; transport?: Transport };
  let router: Router | undefined;
  if (config.contentApiUrl !== undefined) {
    source = { baseUrl: config.contentApiUrl };
  } else {
    const service = createContentService(seed ?? loadSeed(), CONTENT_API_PATH, { previewToken: config.preview?.contentToken });
    router = contentServiceRouter(service);
    source = {
      baseUrl: `${config.publicBaseUrl}${CONTENT_API_PATH}`,
      transport: inProcessTransport(service, new URL(config.publicBaseUrl).pathname.replace(/\/$/, '') + CONTENT_API_PATH),
    };
  }
  // Every request to the service timed by resource (server/monitoring/contentFetches.ts).
  source = { ...source, transport: timedContentTransport(source.baseUrl, source.transport) };
  const client = new ContentClient({ ...common, ...source });
  const preview = config.preview;
  return {
    client,
    previewClient:
      preview === undefined ? undefined : new ContentClient({ ...common, ...source, preview: { token: preview.contentToken } }),
    router,
    readiness: async () => {
      const health = await client.health();
      // `degraded: …` / `unavailable: …`: the state is public, the reason (hosts, ports) is logged.
      const state = health.status === 'ok' ? 'ok' : health.ready ? 'degraded' : 'unavailable';
      return { ready: health.ready, checks: { content: state }, ...(state === 'ok' ? {} : { details: { content: health.status } }) };
    },
  };
}
