import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { pinoHttp } from 'pino-http';
import proxyAddr from 'proxy-addr';
import type { Logger } from '../logging/logger.ts';
import { httpRequestDuration, rateLimitRefusals } from '../monitoring/metrics.ts';
import { recordSpan, rememberRequestContext, requestSpan, requestTraceFields, requestTraceparent } from '../telemetry/spans.ts';
import { TRACEPARENT_TIMING } from '../../../shared/vitals/vitalsBeacon.ts';
import { cacheDecidedAt, cacheStatusOf, type CacheStatus } from './cacheStatus.ts';
import { routeIdOf, type PageRouteIds } from './routeIds.ts';

// A proxy's id is reused across hops only when it looks like one: a header value must not inject text into logs.
const SAFE_ID = /^[\w.:-]{1,128}$/;

declare module 'express-serve-static-core' {
  interface Request {
    id: string;
  }
}

/** Observes one request from its first byte: id, access line and duration metric. */
export type RequestObserver = (req: IncomingMessage, res: ServerResponse, next?: () => void) => void;

export interface AccessLogOptions {
  readonly logger: Logger;
  /** Express's compiled TRUST_PROXY (`app.get('trust proxy fn')`), so the address is `req.ip`'s. */
  readonly trustProxy: (address: string, hop: number) => boolean;
  /** The route id of a page answered without the page handler (a page-cache hit). */
  readonly pageRouteIds: PageRouteIds;
}

type Locals = { readonly routeId?: string; readonly expectedRefusal?: boolean };
/** `res.locals` exists once Express has seen the response; a page-cache hit never reaches it. */
const localsOf = (res: ServerResponse): Locals => (res as ServerResponse & { locals?: Locals }).locals ?? {};

/** Bytes written to the connection when the request came (keep-alive sockets carry several). */
const bytesBefore = new WeakMap<ServerResponse, { socket: Socket; bytes: number }>();
const startedAt = new WeakMap<ServerResponse, number>();

function bytesSent(res: ServerResponse): number {
  const before = bytesBefore.get(res);
  const written = before === undefined ? Number.NaN : before.socket.bytesWritten - before.bytes;
  // An in-process background render (light-my-request) has a socket that counts nothing.
  return Number.isFinite(written) ? written : Number(res.getHeader('content-length') ?? 0);
}

/** A client that left before the answer was sent: nothing to fix on our side. */
const aborted = (res: ServerResponse) => !res.writableFinished;

function pathOf(req: IncomingMessage): string {
  // `originalUrl`: a router mounted at a prefix (/_ipx) strips it from `url`.
  const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '';
  const end = url.indexOf('?');
  return end === -1 ? url : url.slice(0, end);
}

/**
 * Observes every request of both front doors (a page-cache hit before Express, and Express) once: its id, one
 * pino-http line with the client address, route id, cache status, bytes and duration, and the duration metric.
 * Only the path is logged, never the query (UTM parameters may carry personal data), a body or a cookie.
 */
export function accessLog(options: AccessLogOptions): RequestObserver {
  const line = accessLine(options.pageRouteIds);
  const log = accessLogger(options, line);
  const { routeOf, cacheOf } = line;

  return (req, res, next) => {
    // In front of the page cache, then again as Express's first middleware on a miss: once.
    if (startedAt.has(res)) return void next?.();
    const started = performance.now();
    startedAt.set(res, started);
    rememberRequestContext(req);
    nameRequestSpan(req, options.pageRouteIds);
    // Per request, never stored with a cached page (server/features/pages/pageCache/pageCache.ts PER_REQUEST_HEADERS).
    const traceparent = requestTraceparent(req);
    if (traceparent !== undefined) res.setHeader('Server-Timing', `${TRACEPARENT_TIMING};desc="${traceparent}"`);
    if (req.socket !== null) bytesBefore.set(res, { socket: req.socket, bytes: req.socket.bytesWritten });
    res.once('finish', () => {
      const seconds = (performance.now() - startedAt.get(res)!) / 1000;
      const route = routeOf(req, res);
      const cache = cacheOf(req, res);
      httpRequestDuration.labels(route, String(res.statusCode), cache).observe(seconds);
      if (res.statusCode === 429) rateLimitRefusals.labels(route).inc();
      recordCacheDecision(req, route, cache, started);
    });
    log(req, res);
    next?.();
  };
}

/** What the access line and the metric say of a request: its route id, cache status, details and message. */
function accessLine(pageRouteIds: PageRouteIds) {
  // Every GET is looked up in the page cache, but only a page the page handler rendered is a miss.
  const cacheOf = (req: IncomingMessage, res: ServerResponse): CacheStatus => {
    const status = cacheStatusOf(req);
    return status === 'miss' && localsOf(res).routeId === undefined ? 'bypass' : status;
  };
  const routeOf = (req: IncomingMessage, res: ServerResponse) => {
    const cache = cacheStatusOf(req);
    return (
      localsOf(res).routeId ?? (cache === 'hit' || cache === 'stale' ? pageRouteIds(pathOf(req)) : undefined) ?? routeIdOf(pathOf(req))
    );
  };
  const details = (req: IncomingMessage, res: ServerResponse, responseTime: number) => ({
    res: { statusCode: res.statusCode },
    responseTime,
    route: routeOf(req, res),
    cache: cacheOf(req, res),
    bytes: bytesSent(res),
    // Written after the request's own context is gone: its trace from the context remembered.
    ...requestTraceFields(req),
  });
  const message = (req: IncomingMessage, res: ServerResponse) => {
    const status = res.statusCode;
    const outcome = aborted(res)
      ? 'aborted'
      : localsOf(res).expectedRefusal === true
        ? 'refused'
        : status >= 500
          ? 'failed'
          : `${Math.round(performance.now() - (startedAt.get(res) ?? performance.now()))}ms`;
    return `${req.method ?? ''} ${pathOf(req)} ${status} ${outcome}`;
  };
  return { cacheOf, routeOf, details, message };
}

/** pino-http's logger of the access lines: the request id, the path alone, the level by outcome. */
function accessLogger(options: AccessLogOptions, { details, message }: ReturnType<typeof accessLine>) {
  return pinoHttp({
    logger: options.logger,
    genReqId: (req, res) => {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    // `reqId` at the top of the line too, as every other line about a request carries it.
    quietReqLogger: true,
    // No standard serializer copying every header of every request.
    wrapSerializers: false,
    serializers: {
      req: (req: IncomingMessage & { id: string }) => ({
        id: req.id,
        method: req.method,
        path: pathOf(req),
        userAgent: req.headers['user-agent'],
        remoteAddress: proxyAddr(req, options.trustProxy),
      }),
    },
    // A refusal the server made by design (server/platform/http/expectedRefusal.ts) is a warning, not an error.
    customLogLevel: (_req, res) => {
      if (aborted(res) || localsOf(res).expectedRefusal === true) return 'warn';
      return res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info';
    },
    customSuccessMessage: message,
    customErrorMessage: message,
    customSuccessObject: (req, res, value: { responseTime: number }) => details(req, res, value.responseTime),
    // The error itself is logged where it happened, with the request id (server/platform/render/errorHandler.ts).
    customErrorObject: (req, res, _error, value: { responseTime: number }) => details(req, res, value.responseTime),
  });
}

/** The request's span named by its route id, never its URL (decision 028), when it comes: it ends before 'finish'. */
function nameRequestSpan(req: IncomingMessage, pageRoutes: PageRouteIds): void {
  const span = requestSpan(req);
  if (span === undefined) return;
  const path = pathOf(req);
  const endpoint = routeIdOf(path);
  const route = endpoint === 'other' ? (pageRoutes(path) ?? endpoint) : endpoint;
  span.updateName(`${req.method ?? ''} ${route}`);
  span.setAttribute('http.route', route);
}

/** A miss's page-cache lookup as a span; a hit gets none (it would double what tracing costs the cheapest answers). */
function recordCacheDecision(req: IncomingMessage, route: string, cache: CacheStatus, started: number): void {
  const decidedAt = cacheDecidedAt(req);
  if (decidedAt !== undefined && cache === 'miss')
    recordSpan(req, `page-cache ${route}`, started, { 'page_cache.status': cache }, decidedAt);
}
