import request from 'supertest';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, onTestFinished, test, vi } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { allReady, informOnly, type Readiness } from './health.ts';
import { captureLogs } from '../../../tests/support/captureLogs.ts';
import { createTestApp } from '../../../tests/support/testApp.ts';
import { unreachableDatabase } from '../../../tests/support/unreachableDatabase.ts';
import { loadConfig } from '../config/env.ts';
import { SQLITE_FILE, startLeadCapture } from '../../features/leads/leadCapture.ts';
import { openSqlite } from '../database/sqlite.ts';
import { createLogger } from '../logging/logger.ts';

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
  // The reuse time is read from Date, which the test moves itself: neither a slow machine nor a sleep decides.
  vi.useFakeTimers({ toFake: ['Date'] });
  onTestFinished(() => void vi.useRealTimers());
  const { app } = await createTestApp({}, { readiness, readinessReuseMs: 50 });
  await request(app).get('/readyz');
  await request(app).get('/readyz');
  expect(checks).toBe(1);
  vi.setSystemTime(Date.now() + 49);
  await request(app).get('/readyz');
  expect(checks).toBe(1);
  vi.setSystemTime(Date.now() + 1);
  expect((await request(app).get('/readyz')).body).toEqual({ status: 'ready', checks: { content: 'ok' } });
  expect(checks).toBe(2);
});

test('while the leads database is unreachable readyz stays 200 showing leads unavailable, /healthz/database is 503, healthz stays 200, and none logs an error', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'leads-health-'));
  const config = loadConfig({ NODE_ENV: 'test', LEADS_DATA_DIR: dir });
  const { logs, stream } = captureLogs();
  const logger = createLogger('info', stream);
  const database = unreachableDatabase(openSqlite(path.join(dir, SQLITE_FILE)));
  const leads = await startLeadCapture(config, logger, { schedule: false, db: database });
  try {
    const content: Readiness = async () => ({ ready: true, checks: { content: 'ok' } });
    // As server/index.ts wires them: pages need the content; the database informs (decision 035).
    const { app } = await createTestApp(
      {},
      {
        logger,
        readiness: allReady(content, informOnly('leads', leads.readiness)),
        databaseReadiness: leads.readiness,
        readinessReuseMs: 0,
      },
    );
    expect((await request(app).get('/readyz')).body).toEqual({ status: 'ready', checks: { content: 'ok', leads: 'ok' } });
    expect((await request(app).get('/healthz/database')).body).toEqual({ status: 'ready', checks: { leads: 'ok' } });

    database.down();
    const ready = await request(app).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', checks: { content: 'ok', leads: 'unavailable' } });
    const down = await request(app).get('/healthz/database');
    expect(down.status).toBe(503);
    expect(down.headers['cache-control']).toBe('no-store');
    expect(down.body).toEqual({ status: 'unavailable', checks: { leads: 'unavailable' } });
    expect(down.text).not.toContain('ECONNREFUSED');
    expect((await request(app).get('/healthz')).status).toBe(200);
    expect((await request(app).get('/healthz')).body).toEqual({ status: 'ok' });
    // The outage's one error line is the store's; the 503 of a database poll is a warning.
    expect(logs.lines.filter((line) => Number(line.level) >= 50).map((line) => line.msg)).toEqual([
      'leads database unreachable: forms answer 503 until it is back',
    ]);
    expect(logs.lines.find((line) => line.msg === 'GET /healthz/database 503 refused')?.level).toBe(40);

    database.up();
    expect((await request(app).get('/healthz/database')).status).toBe(200);
  } finally {
    await leads.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test('a draining instance fails readyz at once, even with a ready answer shared, while healthz and pages still answer 200', async () => {
  let draining = false;
  let checks = 0;
  const readiness: Readiness = async () => {
    checks += 1;
    return { ready: true, checks: { content: 'ok' } };
  };
  const { app } = await createTestApp({}, { readiness, readinessReuseMs: 60_000, draining: () => draining });
  expect((await request(app).get('/readyz')).status).toBe(200);
  draining = true;
  const refused = await request(app).get('/readyz');
  expect(refused.status).toBe(503);
  expect(refused.body).toEqual({ status: 'draining', checks: { instance: 'unavailable' } });
  expect(checks).toBe(1);
  expect((await request(app).get('/healthz')).status).toBe(200);
  expect((await request(app).get('/about/')).status).toBe(200);
});

test('a check that only informs and does not answer in time is shown degraded, and readyz answers 200 without waiting for it', async () => {
  const content: Readiness = async () => ({ ready: true, checks: { content: 'ok' } });
  // A database that neither answers nor refuses (a network partition).
  const hanging: Readiness = () => new Promise(() => undefined);
  const { app } = await createTestApp({}, { readiness: allReady(content, informOnly('leads', hanging, 20)), readinessReuseMs: 0 });
  const response = await request(app).get('/readyz');
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ status: 'ready', checks: { content: 'ok', leads: 'degraded' } });
});
