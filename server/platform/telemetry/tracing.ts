import type { IncomingMessage, RequestOptions } from 'node:http';
import type { Context, TextMapGetter, TextMapPropagator, TextMapSetter } from '@opentelemetry/api';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation, type UndiciRequest } from '@opentelemetry/instrumentation-undici';
import { core, NodeSDK } from '@opentelemetry/sdk-node';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { harmlessQuery, queryOf, spanUrl } from './spanUrls.ts';
import { isAnsweredWithoutSpan } from './untraced.ts';

/** Whether a request already carries a `traceparent` (a content request that made its own span). */
function hasTraceparent(request: UndiciRequest): boolean {
  const { headers } = request;
  if (typeof headers === 'string') return headers.toLowerCase().includes('traceparent:');
  for (let index = 0; index < headers.length; index += 2) {
    const name = headers[index];
    if (typeof name === 'string' && name.toLowerCase() === 'traceparent') return true;
  }
  return false;
}

/**
 * W3C trace context and baggage sent with the site's own requests, never read from a request that
 * comes: a `traceparent` from the internet would choose the trace id and, under a parent-based
 * sampler, force sampling (decision 037). Each request then starts a trace of its own.
 */
function injectOnly(propagator: TextMapPropagator): TextMapPropagator {
  return {
    inject: (context: Context, carrier: unknown, setter: TextMapSetter) => propagator.inject(context, carrier, setter),
    extract: (context: Context, _carrier: unknown, _getter: TextMapGetter) => context,
    fields: () => propagator.fields(),
  };
}

/** The propagator of the SDK: the standard one, reading incoming headers only when they are trusted. */
function propagatorFor(trustIncoming: boolean): TextMapPropagator {
  const standard = new core.CompositePropagator({
    propagators: [new core.W3CTraceContextPropagator(), new core.W3CBaggagePropagator()],
  });
  return trustIncoming ? standard : injectOnly(standard);
}

/** An outgoing node:http request's URL as its span may show it (no query but the harmless). */
function outgoingUrl(options: RequestOptions): string {
  const host = options.host ?? `${options.hostname ?? 'localhost'}${options.port === undefined ? '' : `:${String(options.port)}`}`;
  return spanUrl(`${options.protocol ?? 'http:'}//${host}${options.path ?? '/'}`);
}

/**
 * The HTTP instrumentations, set so that no span carries a query but the harmless
 * (server/platform/telemetry/spanUrls.ts; attributes a start hook returns replace the instrumentation's,
 * and an undefined one is left out) and a page-cache hit gets no span (decision 037).
 */
function httpInstrumentations() {
  return [
    new HttpInstrumentation({
      ignoreIncomingRequestHook: isAnsweredWithoutSpan,
      startIncomingSpanHook: (request: IncomingMessage) => ({ 'url.query': harmlessQuery(queryOf(request.url ?? '')) }),
      startOutgoingSpanHook: (options: RequestOptions) => ({ 'url.full': outgoingUrl(options) }),
    }),
    // A content request has its own span, named by resource, and sends its `traceparent`
    // (server/platform/content/contentStack.ts): a second span and header would repeat it.
    new UndiciInstrumentation({
      ignoreRequestHook: hasTraceparent,
      startSpanHook: (request: UndiciRequest) => ({
        'url.full': spanUrl(`${request.origin}${request.path}`),
        'url.query': harmlessQuery(queryOf(request.path)),
      }),
    }),
  ];
}

/**
 * Starts OpenTelemetry (decisions 028, 037): one trace per request by instrumentation-http but
 * for a page-cache hit, fetch by instrumentation-undici, PostgreSQL queries by
 * instrumentation-pg, all under the request span. An incoming `traceparent` is continued only
 * with `trustIncoming` (TRACE_TRUST_INCOMING). The exporter, the sampler and the service name
 * come from the standard OTEL_* variables, which the SDK reads (validated first in
 * server/platform/config/env.ts); tests pass span processors of their own. Must run before the
 * instrumented modules are loaded: `server/platform/telemetry/preload.ts`, given to node as `--import`.
 */
export function startTracing(options: {
  readonly serviceName: string;
  readonly trustIncoming?: boolean;
  readonly spanProcessors?: SpanProcessor[];
}): NodeSDK {
  const sdk = new NodeSDK({
    serviceName: options.serviceName,
    textMapPropagator: propagatorFor(options.trustIncoming === true),
    // Traces only. The SDK would otherwise also start OTLP metrics and logs from the same
    // OTEL_* variables: every request would then pay for instrumentation-http's duration
    // histograms, which repeat what /metrics already counts (decision 037).
    metricReaders: [],
    logRecordProcessors: [],
    ...(options.spanProcessors === undefined ? {} : { spanProcessors: options.spanProcessors }),
    instrumentations: [
      ...httpInstrumentations(),
      // Queries only inside a traced request: the outbox's polling alone is no trace.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  return sdk;
}
