import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation, type UndiciRequest } from '@opentelemetry/instrumentation-undici';
import { NodeSDK } from '@opentelemetry/sdk-node';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';

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
 * Starts OpenTelemetry (decision 028): one trace per request by instrumentation-http (an incoming
 * `traceparent` continued), fetch by instrumentation-undici, PostgreSQL queries by
 * instrumentation-pg, all under the request span. The exporter, the sampler and the service name
 * come from the standard OTEL_* variables, which the SDK reads (validated first in
 * server/config/env.ts); tests pass span processors of their own. Must run before the
 * instrumented modules are loaded: `server/telemetry/preload.ts`, given to node as `--import`.
 */
export function startTracing(options: { readonly serviceName: string; readonly spanProcessors?: SpanProcessor[] }): NodeSDK {
  const sdk = new NodeSDK({
    serviceName: options.serviceName,
    ...(options.spanProcessors === undefined ? {} : { spanProcessors: options.spanProcessors }),
    instrumentations: [
      new HttpInstrumentation(),
      // A content request has its own span, named by resource, and sends its `traceparent`
      // (server/monitoring/contentFetches.ts): a second span and header would repeat it.
      new UndiciInstrumentation({ ignoreRequestHook: hasTraceparent }),
      // Queries only inside a traced request: the outbox's polling alone is no trace.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  return sdk;
}
