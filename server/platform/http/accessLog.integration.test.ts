import express from 'express';
import inject from 'light-my-request';
import request from 'supertest';
import { expect, test } from 'vitest';
import { captureLogs } from '../../../tests/support/captureLogs.ts';
import { createTestApp } from '../../../tests/support/testApp.ts';
import { markExpectedRefusal } from './expectedRefusal.ts';
import { PageCache } from '../../features/pages/pageCache/pageCache.ts';
import { createLogger } from '../logging/logger.ts';
import { accessLog } from './accessLog.ts';

const accessLines = (lines: Record<string, unknown>[], path: string) =>
  lines.filter((entry) => (entry.req as { path?: string } | undefined)?.path === path && 'responseTime' in entry);

test('each request is one JSON line with id, route id, cache status, bytes, duration and both levels, without the query string', async () => {
  const { app, logs } = await createTestApp();
  const response = await request(app)
    .get('/about/?email=ivan@example.ru')
    .set('Cookie', 'session=secret')
    .set('Accept-Encoding', 'identity');
  const lines = accessLines(logs.lines, '/about/');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({
    level: 30,
    levelName: 'info',
    reqId: response.headers['x-request-id'],
    req: { id: response.headers['x-request-id'], method: 'GET', path: '/about/' },
    res: { statusCode: 200 },
    route: 'about',
    cache: 'miss',
  });
  expect(lines[0]!.bytes).toBeGreaterThan(Buffer.byteLength(response.text));
  expect(typeof lines[0]!.responseTime).toBe('number');
  expect(JSON.stringify(logs.lines)).not.toContain('ivan@example.ru');
  expect(JSON.stringify(logs.lines)).not.toContain('secret');
  // Untraced (no OTEL_EXPORTER_OTLP_ENDPOINT): no trace fields, no Server-Timing.
  expect(lines[0]).not.toHaveProperty('trace_id');
  expect(response.headers['server-timing']).toBeUndefined();
});

test('the client address is the one TRUST_PROXY allows: the proxy’s forwarded address only from a trusted proxy', async () => {
  const direct = await createTestApp();
  await request(direct.app).get('/healthz').set('X-Forwarded-For', '203.0.113.7');
  expect(accessLines(direct.logs.lines, '/healthz')[0]).toMatchObject({ req: { remoteAddress: expect.stringMatching(/127\.0\.0\.1/) } });

  const proxied = await createTestApp({ TRUST_PROXY: 'loopback' });
  await request(proxied.app).get('/healthz').set('X-Forwarded-For', '203.0.113.7');
  expect(accessLines(proxied.logs.lines, '/healthz')[0]).toMatchObject({ req: { remoteAddress: '203.0.113.7' }, route: 'health' });
});

test('a page-cache hit is logged once, with its page’s route id and the hit, under the same request id it answered with', async () => {
  const { app, logs } = await createTestApp({ PAGE_CACHE_MAX_MB: '16' });
  let hitId: string | undefined;
  let hitLength = 0;
  for (let attempt = 0; attempt < 50 && hitId === undefined; attempt += 1) {
    const response = await request(app).get('/contacts/').set('Accept-Encoding', 'br');
    if (response.headers['x-cache'] === 'HIT')
      [hitId, hitLength] = [response.headers['x-request-id'], Number(response.headers['content-length'])];
  }
  expect(hitId).toBeDefined();
  const lines = accessLines(logs.lines, '/contacts/');
  expect(lines[0]).toMatchObject({ cache: 'miss', route: 'contacts' });
  const line = lines.find((entry) => entry.reqId === hitId);
  expect(line).toMatchObject({ cache: 'hit', route: 'contacts', res: { statusCode: 200 }, level: 30 });
  expect(line!.bytes).toBeGreaterThan(hitLength);
  expect(lines.filter((entry) => entry.reqId === hitId)).toHaveLength(1);
});

test('an incoming request id is kept only when it looks like an id', async () => {
  const { app } = await createTestApp();
  const kept = await request(app).get('/healthz').set('X-Request-Id', 'lb-1234.abc');
  expect(kept.headers['x-request-id']).toBe('lb-1234.abc');
  const replaced = await request(app).get('/healthz').set('X-Request-Id', 'bad id\twith "quotes"');
  expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
});

test('a 5xx refusal the server makes by design is a warning line; any other 5xx stays an error', async () => {
  const { logs, stream } = captureLogs();
  const app = express();
  app.use(accessLog({ logger: createLogger('info', stream), trustProxy: () => false, pageRouteIds: () => undefined }));
  app.get('/refused', (_req, res) => {
    markExpectedRefusal(res);
    res.status(503).send('busy');
  });
  app.get('/broken', (_req, res) => {
    res.status(500).send('broken');
  });
  await request(app).get('/refused');
  await request(app).get('/broken');
  expect(logs.lines.map((line) => [line.msg, line.level, line.levelName])).toEqual([
    ['GET /refused 503 refused', 40, 'warn'],
    ['GET /broken 500 failed', 50, 'error'],
  ]);
});

test('a page answered from the cache after its time to live is labelled stale while it is rendered afresh', async () => {
  // The page cache's clock, which the test moves past the time to live.
  const ttlMs = 60_000;
  let now = 0;
  const pageCache = new PageCache({ maxBytes: 16 * 1024 * 1024, ttlMs, now: () => now });
  const { app, logs } = await createTestApp({}, { pageCache });
  let cached = false;
  for (let attempt = 0; attempt < 50 && !cached; attempt += 1) cached = (await request(app).get('/about/')).headers['x-cache'] === 'HIT';
  expect(cached).toBe(true);
  now += ttlMs + 1;
  const stale = await request(app).get('/about/');
  expect(stale.headers['x-cache']).toBe('HIT');
  expect(accessLines(logs.lines, '/about/').find((line) => line.reqId === stale.headers['x-request-id'])).toMatchObject({
    cache: 'stale',
    route: 'about',
  });
  await pageCache.backgroundIdle();
});

test('a request made in process, as a background render is, logs the bytes of its answer', async () => {
  const { app, logs } = await createTestApp();
  const response = await inject(app, { method: 'GET', url: '/contacts/', headers: { 'accept-encoding': 'identity' } });
  expect(response.statusCode).toBe(200);
  const [line] = accessLines(logs.lines, '/contacts/');
  expect(line!.bytes).toBe(Buffer.byteLength(response.payload));
});
