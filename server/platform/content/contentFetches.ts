import type { Transport } from './client/transport.ts';
import { inSpan, SpanKind, withTraceHeaders } from '../telemetry/spans.ts';
import { contentFetchDuration } from '../monitoring/metrics.ts';

/** A resource name as label value: the service's own path segment, nothing a visitor can vary. */
const RESOURCE = /^[a-z][\w-]{0,39}$/i;

/** The resource a content-service URL reads: its path's first segment below the service's base URL. */
export function resourceOf(url: string, basePath: string): string {
  const pathname = new URL(url, 'http://content.invalid').pathname;
  const below = pathname.startsWith(basePath) ? pathname.slice(basePath.length) : pathname;
  const segment = below.split('/').find((part) => part !== '') ?? '';
  return RESOURCE.test(segment) ? segment : 'other';
}

/** The content transport with each attempt timed into `content_fetch_duration_seconds` by resource and outcome. */
export function timedContentTransport(baseUrl: string, transport: Transport = (url, init) => fetch(url, init)): Transport {
  const basePath = new URL(baseUrl).pathname.replace(/\/$/, '');
  return (url, init) => {
    const resource = resourceOf(url, basePath);
    // A span per request, under the loader's, that sends its `traceparent` on (decision 028).
    return inSpan(
      `content ${resource}`,
      async () => {
        const started = performance.now();
        try {
          const response = await transport(url, { ...init, headers: withTraceHeaders(init.headers) });
          contentFetchDuration.labels(resource, response.status < 500 ? 'ok' : 'error').observe((performance.now() - started) / 1000);
          return response;
        } catch (error) {
          contentFetchDuration.labels(resource, 'error').observe((performance.now() - started) / 1000);
          throw error;
        }
      },
      SpanKind.CLIENT,
    );
  };
}
