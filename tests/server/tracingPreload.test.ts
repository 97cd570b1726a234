import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { DIST_DIR } from '../../server/platform/paths.ts';
import { freshPostgresSchema, testPostgresUrl } from '../support/postgres.ts';
import { startServer } from '../support/startServer.ts';

// The production build as the Procfile starts it (`--import ./dist/server/telemetry.js`): the
// bundle must leave pg and http where OpenTelemetry's loader hook instruments them.

interface ExportedSpan {
  readonly name: string;
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId?: string;
}

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An OTLP/HTTP collector (JSON encoding) that keeps every span it is sent. */
async function startCollector(): Promise<{ url: string; spans: ExportedSpan[]; paths: Set<string> }> {
  const spans: ExportedSpan[] = [];
  const paths = new Set<string>();
  const server: Server = createServer((req, res) => {
    paths.add(req.url ?? '');
    let body = '';
    req.on('data', (chunk) => (body += String(chunk)));
    req.on('end', () => {
      const payload = JSON.parse(body) as { resourceSpans?: { scopeSpans: { spans: ExportedSpan[] }[] }[] };
      for (const resource of payload.resourceSpans ?? []) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, paths };
}

/** The production build started as the Procfile starts it, with the tracing preload. */
async function startTracedServer(env: NodeJS.ProcessEnv): Promise<string> {
  const server = await startServer(env, ['--import', path.join(DIST_DIR, 'server', 'telemetry.js')]);
  cleanups.push(() => server.stop('SIGKILL'));
  return server.url;
}

test('the built server started with the tracing preload traces requests, their loaders and their database queries', async () => {
  const baseUrl = await testPostgresUrl();
  expect(baseUrl, 'PostgreSQL for the tests (TEST_DATABASE_URL)').toBeDefined();
  const schema = await freshPostgresSchema(baseUrl!);
  cleanups.push(() => schema.drop());
  const collector = await startCollector();
  const site = await startTracedServer({
    DATABASE_URL: schema.url,
    OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_BSP_SCHEDULE_DELAY: '100',
    // Were OpenTelemetry's metrics on, they would be exported within the test's waits.
    OTEL_METRIC_EXPORT_INTERVAL: '100',
    // The test's traceparent is continued only when trusted (decision 037).
    TRACE_TRUST_INCOMING: '1',
  });
  const traceId = '0af7651916cd43dd8448eb211c80319c';
  const page = await fetch(`${site}/contacts/`, { headers: { traceparent: `00-${traceId}-b7ad6b7169203331-01` } });
  expect(page.status).toBe(200);
  // A page-cache hit is counted and logged, never traced (decision 037): no span of its own.
  let hits = 0;
  let requests = 1;
  for (; requests < 50 && hits < 2; requests += 1) {
    const again = await fetch(`${site}/contacts/`);
    await again.arrayBuffer();
    if (again.headers.get('x-cache') === 'HIT') hits += 1;
  }
  expect(hits).toBe(2);
  const lead = await fetch(`${site}/api/forms/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site },
    body: JSON.stringify({ email: 'ivan@example.ru', consent: true, _fillMs: 5000 }),
  });
  expect(lead.status).toBe(201);

  const byName = (name: string) => collector.spans.filter((span) => span.name === name);
  for (let attempt = 0; attempt < 100 && (byName('GET contacts').length === 0 || byName('POST forms').length === 0); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // Exported in the order they ended: the lead's span came after any the hits could have had.
  const pageSpans = byName('GET contacts');
  const [pageSpan] = pageSpans;
  expect(pageSpan).toMatchObject({ traceId, parentSpanId: 'b7ad6b7169203331' });
  expect(byName('loader contacts')).toEqual([expect.objectContaining({ traceId, parentSpanId: pageSpan!.spanId })]);
  const [postSpan] = byName('POST forms');
  expect(postSpan).toBeDefined();
  // A request that came while the first one's page was stored waited for it, traced; the hit after a hit had none.
  expect(pageSpans.length).toBeGreaterThan(0);
  expect(pageSpans.length).toBeLessThan(requests);
  const queries = collector.spans.filter((span) => span.traceId === postSpan!.traceId && span.name.startsWith('pg.query:INSERT'));
  expect(queries.length).toBeGreaterThan(0);
  // Traces only: the request metrics are Prometheus's (/metrics), not repeated per request over OTLP.
  expect([...collector.paths]).toEqual(['/v1/traces']);
});
