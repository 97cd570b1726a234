import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTracing } from './tracing.ts';

// Started before the app's modules are imported, as server/platform/telemetry/preload.ts orders it.
const exporter = new InMemorySpanExporter();
// Incoming `traceparent`s trusted (TRACE_TRUST_INCOMING=1): the default is ./untrustedTraceparent.integration.test.ts's.
const sdk = startTracing({ serviceName: 'agency-site-test', trustIncoming: true, spanProcessors: [new SimpleSpanProcessor(exporter)] });
const { default: request } = await import('supertest');
const { createTestApp } = await import('../../../tests/support/testApp.ts');
const { startAlteredContent } = await import('../../../tests/support/alteredContent.ts');
const { freshPostgresSchema, testPostgresUrl } = await import('../../../tests/support/postgres.ts');

/** The CMS as the site reaches it over HTTP, with every `traceparent` it was sent. */
let content: Awaited<ReturnType<typeof startAlteredContent>>;
let recorder: Server;
let cmsUrl = '';
const traceparentsSent: string[] = [];
beforeAll(async () => {
  content = await startAlteredContent();
  recorder = createServer((req, res) => {
    if (typeof req.headers.traceparent === 'string') traceparentsSent.push(req.headers.traceparent);
    void fetch(`${content.url}${req.url ?? '/'}`, { headers: { accept: req.headers.accept ?? '*/*' } }).then(async (upstream) => {
      res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/vnd.api+json' });
      res.end(Buffer.from(await upstream.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
  cmsUrl = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`;
});
afterAll(async () => {
  recorder.closeAllConnections();
  await new Promise((resolve) => recorder.close(resolve));
  await content.close();
  await sdk.shutdown();
});

/** A visitor's proxy that traces already: the trace the site must continue. */
function incomingTrace() {
  const traceId = randomBytes(16).toString('hex');
  const parentId = randomBytes(8).toString('hex');
  return { traceId, parentId, traceparent: `00-${traceId}-${parentId}-01` };
}

function spansOf(traceId: string) {
  const spans = exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === traceId);
  const byName = (name: string) => spans.filter((span) => span.name === name);
  const one = (name: string) => {
    expect(byName(name), name).toHaveLength(1);
    return byName(name)[0]!;
  };
  const parentOf = (span: ReadableSpan) => spans.find((other) => other.spanContext().spanId === span.parentSpanContext?.spanId);
  const isUnder = (span: ReadableSpan, ancestor: ReadableSpan): boolean => {
    const parent = parentOf(span);
    return parent !== undefined && (parent === ancestor || isUnder(parent, ancestor));
  };
  return { spans, one, parentOf, isUnder };
}

test('an uncached page is one trace continuing the trusted incoming traceparent: request → loader → content fetch (traceparent sent) → render, and the page-cache decision; a hit is no trace', async () => {
  const { traceId, parentId, traceparent } = incomingTrace();
  const { app, logs } = await createTestApp({ CONTENT_API_URL: cmsUrl, PAGE_CACHE_MAX_MB: '16' });
  const response = await request(app).get('/contacts/').set('traceparent', traceparent);
  expect(response.status).toBe(200);

  const { spans, one, parentOf, isUnder } = spansOf(traceId);
  const requestSpan = one('GET contacts');
  expect(requestSpan.kind).toBe(SpanKind.SERVER);
  expect(requestSpan.parentSpanContext?.spanId).toBe(parentId);
  expect(requestSpan.attributes['http.route']).toBe('contacts');

  const loader = one('loader contacts');
  expect(parentOf(loader)).toBe(requestSpan);
  const fetches = spans.filter((span) => span.name.startsWith('content ') && isUnder(span, loader));
  expect(fetches.length).toBeGreaterThan(0);
  for (const fetched of fetches) {
    expect(fetched.kind).toBe(SpanKind.CLIENT);
    expect(traceparentsSent).toContain(`00-${traceId}-${fetched.spanContext().spanId}-01`);
  }
  expect(parentOf(one('render contacts'))).toBe(requestSpan);
  const decision = one('page-cache contacts');
  expect(parentOf(decision)).toBe(requestSpan);
  expect(decision.attributes['page_cache.status']).toBe('miss');
  // Named by route id and resource, never by a URL.
  for (const span of spans.filter((each) => each.instrumentationScope.name === 'agency-site')) expect(span.name).not.toContain('/');

  const lines = logs.lines.filter((line) => line.reqId === response.headers['x-request-id']);
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) expect(line, String(line.msg)).toMatchObject({ trace_id: traceId });

  // The page names its trace for the web-vitals beacon; a later hit of the cached page is
  // counted and logged, never traced (decision 037): no span, no trace named, no trace id logged.
  expect(response.headers['server-timing']).toBe(`traceparent;desc="00-${traceId}-${requestSpan.spanContext().spanId}-01"`);
  // Stored once a request is answered HIT (one that came during the store waited for it, traced).
  let stored = false;
  for (let attempt = 0; attempt < 50 && !stored; attempt += 1) stored = (await request(app).get('/contacts/')).headers['x-cache'] === 'HIT';
  const hitTrace = incomingTrace();
  const hit = await request(app).get('/contacts/').set('traceparent', hitTrace.traceparent);
  expect(hit.headers['x-cache']).toBe('HIT');
  expect(hit.status).toBe(200);
  expect(hit.headers['server-timing']).toBeUndefined();
  expect(spansOf(hitTrace.traceId).spans).toEqual([]);
  const hitLine = logs.lines.find((line) => line.reqId === hit.headers['x-request-id'] && line.cache === 'hit');
  expect(hitLine).toMatchObject({ route: 'contacts', res: { statusCode: 200 } });
  expect(hitLine).not.toHaveProperty('trace_id');
});

test("no span carries a query but the harmless: a preview token and a form result's email stay out of traces and logs", async () => {
  const { app, logs } = await createTestApp({ CONTENT_API_URL: cmsUrl, PAGE_CACHE_MAX_MB: '16' });
  const { traceId, traceparent } = incomingTrace();
  const token = `tok${randomBytes(12).toString('hex')}`;
  const email = `ivan.${randomBytes(4).toString('hex')}@example.ru`;
  const visits = [
    `/api/preview?token=${token}&path=/`,
    `/contacts/?sent=1&email=${encodeURIComponent(email)}`,
    `/blog/?page=2&utm_source=${encodeURIComponent(email)}`,
  ];
  for (const visit of visits) await request(app).get(visit).set('traceparent', traceparent);

  const { spans } = spansOf(traceId);
  // The site's request spans (the CMS stand-in, in this process, has its own).
  const requests = spans.filter((span) => span.kind === SpanKind.SERVER && span.attributes['http.route'] !== undefined);
  expect(requests).toHaveLength(visits.length);
  const everything = JSON.stringify(spans.map((span) => span.attributes));
  expect(everything).not.toContain(token);
  expect(everything).not.toContain(email);
  expect(everything).not.toContain(encodeURIComponent(email));
  expect(everything).not.toContain('utm_source');
  for (const span of spans) {
    for (const key of ['http.target', 'http.url']) expect(span.attributes, key).not.toHaveProperty(key);
    expect(String(span.attributes['url.full'] ?? '')).not.toMatch(/token|email/);
  }
  // The one query a page reads stays, with its accepted value.
  expect(requests.map((span) => span.attributes['url.query']).filter((query) => query !== undefined)).toEqual(['page=2']);
  const logged = JSON.stringify(logs.lines);
  expect(logged).not.toContain(token);
  expect(logged).not.toContain(email);
  expect(logged).not.toContain(encodeURIComponent(email));
});

test('a lead post is one trace: request → the insert into the leads database, and its log lines carry the trace id', async () => {
  const baseUrl = await testPostgresUrl();
  expect(baseUrl, 'PostgreSQL for the tests (TEST_DATABASE_URL)').toBeDefined();
  const schema = await freshPostgresSchema(baseUrl!);
  try {
    const { app, logs } = await createTestApp({ DATABASE_URL: schema.url });
    const { traceId, traceparent } = incomingTrace();
    const response = await request(app)
      .post('/api/forms/subscribe')
      .set('traceparent', traceparent)
      .send({ email: 'ivan@example.ru', consent: true, _fillMs: 5000 });
    expect(response.status).toBe(201);

    const { spans, one, isUnder } = spansOf(traceId);
    const requestSpan = one('POST forms');
    const inserts = spans.filter((span) =>
      String(span.attributes['db.query.text'] ?? span.attributes['db.statement'] ?? '').startsWith('INSERT INTO leads '),
    );
    expect(inserts).toHaveLength(1);
    expect(inserts[0]!.kind).toBe(SpanKind.CLIENT);
    expect(isUnder(inserts[0]!, requestSpan)).toBe(true);

    const lines = logs.lines.filter((line) => line.reqId === response.headers['x-request-id']);
    expect(lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['lead stored', expect.stringMatching(/^POST \/api\/forms\/subscribe 201 /)]),
    );
    for (const line of lines) expect(line, String(line.msg)).toMatchObject({ trace_id: traceId });
  } finally {
    await schema.drop();
  }
});
