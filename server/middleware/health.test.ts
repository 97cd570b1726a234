import request from 'supertest';
import { expect, test } from 'vitest';
import { createTestApp } from '../../tests/support/testApp.ts';

test('healthz answers while the process runs', async () => {
  const { app } = await createTestApp();
  const response = await request(app).get('/healthz');
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ status: 'ok' });
});

test('readyz reports 503 with the state of its checks when the instance cannot serve; the reason goes to the log only', async () => {
  const reason = 'unavailable: GET http://content.internal:4000/article-filters: connect ECONNREFUSED 10.0.0.7:4000';
  const { app, logs } = await createTestApp(
    {},
    {
      readiness: async () => ({ ready: false, checks: { content: 'unavailable' }, details: { content: reason } }),
    },
  );
  const response = await request(app).get('/readyz');
  expect(response.status).toBe(503);
  expect(response.body).toEqual({ status: 'unavailable', checks: { content: 'unavailable' } });
  expect(response.text).not.toContain('10.0.0.7');
  expect(logs.lines.find((line) => line.msg === 'readiness check not ok')).toMatchObject({ details: { content: reason } });
});
