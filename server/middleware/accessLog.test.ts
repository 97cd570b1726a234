import request from 'supertest';
import { expect, test } from 'vitest';
import { createTestApp } from '../../tests/support/testApp.ts';

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
