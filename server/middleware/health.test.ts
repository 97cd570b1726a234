import request from 'supertest';
import { expect, test } from 'vitest';
import { createTestApp } from '../../tests/support/testApp.ts';

test('healthz answers while the process runs', async () => {
  const { app } = await createTestApp();
  const response = await request(app).get('/healthz');
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ status: 'ok' });
});

test('readyz reports 503 with its checks when the instance cannot serve', async () => {
  const { app } = await createTestApp({}, { readiness: async () => ({ ready: false, checks: { content: 'unreachable, nothing cached' } }) });
  const response = await request(app).get('/readyz');
  expect(response.status).toBe(503);
  expect(response.body).toEqual({ status: 'unavailable', checks: { content: 'unreachable, nothing cached' } });
});
