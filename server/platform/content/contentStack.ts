import { watch } from 'chokidar';
import type { Router } from 'express';
import { ContentClient } from './client/contentClient.ts';
import type { ValidationFailure } from './client/forgivingValidation.ts';
import type { ContentClientOptions } from './client/reader.ts';
import type { Transport } from './client/transport.ts';
import type { Config } from '../config/env.ts';
import { readSeed, SEED_DIR, SeedError, type SeedContent } from './service/loadSeed.ts';
import { contentServiceRouter } from './service/router.ts';
import { createContentService, type ContentService } from './service/service.ts';
import type { Logger } from '../logging/logger.ts';
import type { Readiness } from '../http/health.ts';
import { contentFetchDuration, contentFetchFailed, contentFetchOk, contentValidationFailures } from '../monitoring/metrics.ts';
import { inSpan, SpanKind, withTraceHeaders } from '../telemetry/spans.ts';
import { mergeSeed, problemsByFile, refusedOf, type GoodSeed } from './seedRecords.ts';
import { CONTENT_API_PATH } from '../../../shared/routes/serverMounts.ts';

export interface ContentStack {
  readonly client: ContentClient;
  /** The same service's working copy, for editors' previews; absent without PREVIEW_SECRET (decision 021). */
  readonly previewClient: ContentClient | undefined;
  /** The embedded JSON:API service to mount at CONTENT_API_PATH; absent with CONTENT_API_URL. */
  readonly router: Router | undefined;
  readonly readiness: Readiness;
  /** The seed folder watched (`npm run dev`): an edit is read in and `changed` told; absent with CONTENT_API_URL. */
  readonly watchSeed: ((changed: () => void) => (() => void) & { readonly ready: Promise<void> }) | undefined;
}

/** The seed a start serves: the caller's, or the folder's, which must validate whole (every problem listed). */
function firstSeed(seed: SeedContent | undefined, seedDir: string): GoodSeed {
  if (seed !== undefined) return { content: seed, fileOf: () => undefined };
  const reading = readSeed(seedDir);
  if (reading.problems.length > 0) throw new SeedError(reading.problems);
  return reading;
}

/** Each seed file refused on a reload, logged and counted once per version of its problems; returns what was reported. */
function reportRefused(problems: readonly string[], reported: ReadonlyMap<string, string>, logger: Logger): Map<string, string> {
  const now = new Map<string, string>();
  for (const [file, reasons] of problemsByFile(problems)) {
    now.set(file, reasons.join('\n'));
    if (reported.get(file) === now.get(file)) continue;
    logger.error({ file, problems: reasons }, 'seed record refused: its last good copy is served');
    const type = file.split(/[/.]/)[0] ?? file;
    // A field's path (`tags.1`), never free text such as a parser's message: labels stay few.
    const field = /^[\w.]{1,60}$/.exec(reasons[0]?.split(': ')[1] ?? '')?.[0] ?? '(record)';
    contentValidationFailures.labels(type, field, 'record-refused').inc();
  }
  return now;
}

/**
 * The content side: with CONTENT_API_URL a client over HTTP; without, the embedded service from the seed (a bad seed
 * stops start-up with every problem), served at /api/content/ and read in-process as the same documents.
 */
export function createContentStack(config: Config, logger: Logger, seed?: SeedContent, seedDir: string = SEED_DIR): ContentStack {
  const common = {
    timeoutMs: config.contentApiTimeoutMs,
    cacheTtlMs: config.contentCacheTtlMs,
    logger: logger.child({ component: 'content' }),
    onFetch: (ok: boolean) => (ok ? contentFetchOk : contentFetchFailed).inc(),
    onValidationFailure: ({ type, field, outcome }: ValidationFailure) =>
      contentValidationFailures.labels(type, field, outcome.replaceAll(' ', '-')).inc(),
  };
  let source: {
    baseUrl: string;
    transport?: Transport;
    beforeExpire?: () => void;
    checkPublished?: ContentClientOptions['checkPublished'];
  };
  let router: Router | undefined;
  let watchSeed: ContentStack['watchSeed'];
  if (config.contentApiUrl !== undefined) {
    source = { baseUrl: config.contentApiUrl };
  } else {
    const serviceOf = (content: SeedContent) =>
      createContentService(content, CONTENT_API_PATH, { previewToken: config.preview?.contentToken });
    let good = firstSeed(seed, seedDir);
    let current = serviceOf(good.content);
    const service: ContentService = { handle: (request) => current.handle(request) };
    // A seed given by the caller (tests) is fixed; the seed folder is read again on every
    // publish, as a CMS would serve its new revision, record by record: a file an edit broke
    // keeps its last good copy and holds no other back (decision 036).
    let reported = new Map<string, string>();
    const reload = (): readonly string[] => {
      if (seed !== undefined) return [];
      const reading = readSeed(seedDir);
      try {
        const next = mergeSeed(good, reading);
        current = serviceOf(next.content);
        good = next;
      } catch (error) {
        logger.error({ err: { message: (error as Error).message } }, 'seed not reloaded: the last good one is served');
      }
      reported = reportRefused(reading.problems, reported, logger);
      return reading.problems;
    };
    router = contentServiceRouter(service);
    source = {
      baseUrl: `${config.publicBaseUrl}${CONTENT_API_PATH}`,
      transport: inProcessTransport(service, new URL(config.publicBaseUrl).pathname.replace(/\/$/, '') + CONTENT_API_PATH),
      beforeExpire: () => void reload(),
      checkPublished: (records) => refusedOf(records, reload()),
    };
    watchSeed = (changed) => watchFolder(seedDir, changed);
  }
  source = { ...source, transport: timedContentTransport(source.baseUrl, source.transport) };
  const client = new ContentClient({ ...common, ...source });
  const preview = config.preview;
  return {
    client,
    previewClient:
      preview === undefined
        ? undefined
        : new ContentClient({
            ...common,
            ...source,
            beforeExpire: undefined,
            checkPublished: undefined,
            preview: { token: preview.contentToken },
          }),
    router,
    watchSeed,
    readiness: async () => {
      const health = await client.health();
      // `degraded: …` / `unavailable: …`: the state is public, the reason (hosts, ports) is logged.
      const state = health.status === 'ok' ? 'ok' : health.ready ? 'degraded' : 'unavailable';
      return { ready: health.ready, checks: { content: state }, ...(state === 'ok' ? {} : { details: { content: health.status } }) };
    },
  };
}

/** The embedded service without a socket: the same URL handed to `service.handle`, the rest a remote service's path (decision 004). */
export function inProcessTransport(service: ContentService, mountPath: string): Transport {
  return async (url, init) => {
    init.signal.throwIfAborted();
    const { pathname, search } = new URL(url);
    if (!pathname.startsWith(mountPath)) throw new TypeError(`${url} is not under the embedded service at ${mountPath}`);
    const response = service.handle({
      method: 'GET',
      path: pathname.slice(mountPath.length),
      search: search.slice(1),
      accept: init.headers.Accept,
      authorization: init.headers.Authorization,
    });
    return new Response(response.body, { status: response.status, headers: response.headers });
  };
}

/** Quiet time after the last change before `changed` is told: an editor's save writes a file in several steps. */
const SEED_SETTLE_MS = 200;

/** Tells `changed` once a burst settles; chokidar, as inotify on a renamed file sees the first save only (decision 036). */
function watchFolder(dir: string, changed: () => void): (() => void) & { readonly ready: Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  const watcher = watch(dir, { ignoreInitial: true, atomic: true });
  watcher.on('all', () => {
    clearTimeout(timer);
    timer = setTimeout(changed, SEED_SETTLE_MS);
  });
  const stop = () => {
    clearTimeout(timer);
    void watcher.close();
  };
  return Object.assign(stop, { ready: new Promise<void>((resolve) => watcher.once('ready', () => resolve())) });
}

/** A resource name as label value: the service's own path segment, nothing a visitor can vary. */
const RESOURCE = /^[a-z][\w-]{0,39}$/i;

/** The content transport with each attempt timed into `content_fetch_duration_seconds` by its resource (the path's first segment). */
function timedContentTransport(baseUrl: string, transport: Transport = (url, init) => fetch(url, init)): Transport {
  const basePath = new URL(baseUrl).pathname.replace(/\/$/, '');
  return (url, init) => {
    const pathname = new URL(url, 'http://content.invalid').pathname;
    const segment = (pathname.startsWith(basePath) ? pathname.slice(basePath.length) : pathname).split('/').find(Boolean) ?? '';
    const resource = RESOURCE.test(segment) ? segment : 'other';
    // A span per request, under the loader's, that sends its `traceparent` on (decision 028).
    return inSpan(
      `content ${resource}`,
      async () => {
        const started = performance.now();
        const observe = (outcome: string) => contentFetchDuration.labels(resource, outcome).observe((performance.now() - started) / 1000);
        try {
          const response = await transport(url, { ...init, headers: withTraceHeaders(init.headers) });
          observe(response.status < 500 ? 'ok' : 'error');
          return response;
        } catch (error) {
          observe('error');
          throw error;
        }
      },
      SpanKind.CLIENT,
    );
  };
}
