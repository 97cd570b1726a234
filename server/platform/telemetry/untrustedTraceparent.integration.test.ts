import { randomBytes } from 'node:crypto';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, expect, test } from 'vitest';
import { startTracing } from './tracing.ts';

// As the preload starts it by default (TRACE_TRUST_INCOMING unset), before the app's modules load.
const exporter = new InMemorySpanExporter();
const sdk = startTracing({ serviceName: 'agency-site-test', spanProcessors: [new SimpleSpanProcessor(exporter)] });
const { default: request } = await import('supertest');
const { createTestApp } = await import('../../../tests/support/testApp.ts');
afterAll(() => sdk.shutdown());

test('a traceparent from the internet is not continued by default: the request starts a trace of its own', async () => {
  const { app } = await createTestApp({ PAGE_CACHE_MAX_MB: '0' });
  const forgedTrace = randomBytes(16).toString('hex');
  const forgedParent = randomBytes(8).toString('hex');
  // Not sampled by its sender, sampled here: the sender decides nothing either way.
  const response = await request(app).get('/contacts/').set('traceparent', `00-${forgedTrace}-${forgedParent}-00`);
  expect(response.status).toBe(200);

  const servers = exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.SERVER && span.name === 'GET contacts');
  expect(servers).toHaveLength(1);
  const [own] = servers;
  expect(own!.spanContext().traceId).not.toBe(forgedTrace);
  expect(own!.parentSpanContext).toBeUndefined();
  expect(exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === forgedTrace)).toEqual([]);
  // The page names the trace it started, for the web-vitals beacon.
  expect(response.headers['server-timing']).toContain(own!.spanContext().traceId);
});
