import request from 'supertest';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from 'vitest';
import type { Readiness } from './health.ts';
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

test('readyz shares one upstream check between its callers for a few seconds', async () => {
  let checks = 0;
  const readiness: Readiness = async () => {
    checks += 1;
    await sleep(20);
    return { ready: false, checks: { content: 'unavailable' }, details: { content: 'connect ECONNREFUSED' } };
  };
  const { app, logs } = await createTestApp({}, { readiness });
  const answers = await Promise.all(Array.from({ length: 20 }, () => request(app).get('/readyz')));
  for (let i = 0; i < 20; i += 1) answers.push(await request(app).get('/readyz'));
  expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 40 }, () => 503));
  expect(checks).toBe(1);
  expect(logs.lines.filter((line) => line.msg === 'readiness check not ok')).toHaveLength(1);
});

test('a shared readiness answer is checked again once it is older than its reuse time', async () => {
  let checks = 0;
  const readiness: Readiness = async () => {
    checks += 1;
    return { ready: true, checks: { content: 'ok' } };
  };
  const { app } = await createTestApp({}, { readiness, readinessReuseMs: 50 });
  await request(app).get('/readyz');
  await request(app).get('/readyz');
  expect(checks).toBe(1);
  await sleep(60);
  expect((await request(app).get('/readyz')).body).toEqual({ status: 'ready', checks: { content: 'ok' } });
  expect(checks).toBe(2);
});
