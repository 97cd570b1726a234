import type { IncomingMessage } from 'node:http';
import {
  context,
  isSpanContextValid,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
} from '@opentelemetry/api';

/**
 * The site's own spans, by @opentelemetry/api alone: without a started SDK (server/platform/telemetry/
 * tracing.ts, off unless OTEL_EXPORTER_OTLP_ENDPOINT is set) every call here is the API's no-op,
 * so the code paths are the same traced or not. Spans are named by the route table's route id or
 * the content resource, never by a raw URL (decision 028).
 */
const tracer = trace.getTracer('agency-site');

/** The context of each request as the access log first saw it: the request span is active in it. */
const requestContexts = new WeakMap<IncomingMessage, Context>();

/** Called first thing for every request (server/platform/http/accessLog.ts). */
export function rememberRequestContext(req: IncomingMessage): Context {
  const active = context.active();
  requestContexts.set(req, active);
  return active;
}

/** The request's span (instrumentation-http's server span), if the request is traced. */
export function requestSpan(req: IncomingMessage): Span | undefined {
  const remembered = requestContexts.get(req);
  return remembered === undefined ? undefined : trace.getSpan(remembered);
}

/**
 * A span of something timed already (`performance.now()` at its start, now at its end), under
 * the request's span: the render and the page-cache decision, recorded once they are over.
 */
export function recordSpan(req: IncomingMessage, name: string, startedAt: number, attributes?: Attributes, endedAt?: number): void {
  const parent = requestContexts.get(req);
  if (parent === undefined || trace.getSpan(parent) === undefined) return;
  const span = tracer.startSpan(name, { startTime: startedAt, attributes }, parent);
  span.end(endedAt ?? performance.now());
}

/** Runs `work` in a span of its own under the active one (a loader); a failure marks the span. */
export function inSpan<T>(name: string, work: () => Promise<T>, kind: SpanKind = SpanKind.INTERNAL): Promise<T> {
  if (trace.getSpan(context.active()) === undefined) return work();
  return tracer.startActiveSpan(name, { kind }, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** The W3C `traceparent` (and `tracestate`) of the active span, added to outgoing headers. */
export function withTraceHeaders(headers: Record<string, string>): Record<string, string> {
  const carrier = { ...headers };
  propagation.inject(context.active(), carrier);
  return carrier;
}

/** What every log line written inside a traced request carries (the pino mixin, server/platform/logging/logger.ts). */
export function traceFields(active: Context = context.active()): { trace_id?: string; span_id?: string } {
  const spanContext = trace.getSpanContext(active);
  return spanContext === undefined || !isSpanContextValid(spanContext)
    ? {}
    : { trace_id: spanContext.traceId, span_id: spanContext.spanId };
}

/** The request's W3C `traceparent` (its span's), for the page's `Server-Timing` (the web-vitals beacon reads it). */
export function requestTraceparent(req: IncomingMessage): string | undefined {
  const spanContext = requestSpan(req)?.spanContext();
  if (spanContext === undefined || !isSpanContextValid(spanContext)) return undefined;
  return `00-${spanContext.traceId}-${spanContext.spanId}-${spanContext.traceFlags.toString(16).padStart(2, '0')}`;
}

/** The trace fields of a request from its remembered context (its access line is written after it). */
export function requestTraceFields(req: IncomingMessage): { trace_id?: string; span_id?: string } {
  const remembered = requestContexts.get(req);
  return remembered === undefined ? {} : traceFields(remembered);
}

export { SpanKind };
