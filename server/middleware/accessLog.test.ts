import express from 'express';
import request from 'supertest';
import { expect, test } from 'vitest';
import { captureLogs } from '../../tests/support/captureLogs.ts';
import { createTestApp } from '../../tests/support/testApp.ts';
import { markExpectedRefusal } from '../http/expectedRefusal.ts';
import { createLogger } from '../logging/logger.ts';
import { accessLog } from './accessLog.ts';

test('each request is one JSON log line with id, status and duration, without the query string', async () => {
  const { app, logs } = await createTestApp();
  const response = await request(app).get('/about/?email=ivan@example.ru').set('Cookie', 'session=secret');
  const line = logs.lines.find((entry) => (entry.req as { path?: string } | undefined)?.path === '/about/');
  expect(line).toMatchObject({ level: 30, reqId: response.headers['x-request-id'], res: { statusCode: 200 } });
  expect(typeof line?.responseTime).toBe('number');
  expect(JSON.stringify(logs.lines)).not.toContain('ivan@example.ru');
  expect(JSON.stringify(logs.lines)).not.toContain('secret');
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
  app.use(accessLog(createLogger('info', stream)));
  app.get('/refused', (_req, res) => {
    markExpectedRefusal(res);
    res.status(503).send('busy');
  });
  app.get('/broken', (_req, res) => {
    res.status(500).send('broken');
  });
  await request(app).get('/refused');
  await request(app).get('/broken');
  expect(logs.lines.map((line) => [line.msg, line.level])).toEqual([
    ['GET /refused 503 refused', 40],
    ['GET /broken 500 failed', 50],
  ]);
});
