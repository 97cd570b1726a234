import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { eventually } from '../forms/receivers.ts';
import { getOnNewConnection, NEW_PHONE, OLD_PHONE, startEditableContent } from '../support/editableContent.ts';
import { signedRevalidation } from '../support/signedRevalidation.ts';
import { startServer, type RunningServer } from '../support/startServer.ts';

/**
 * One instance without a database (SQLite) and two workers: what one worker learns, the other
 * knows — a revalidation travels through the cluster primary, the rate limit is counted in the
 * SQLite file both share. Every request goes on a connection of its own, so the primary deals
 * them to the workers in turn.
 */
const SECRET = 'workers-revalidate-secret-42';
const cleanups: (() => Promise<unknown>)[] = [];
let server: RunningServer;
let content: Awaited<ReturnType<typeof startEditableContent>>;

beforeAll(async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'one-instance-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  content = await startEditableContent();
  cleanups.push(() => content.close());
  server = await startServer({
    LEADS_DATA_DIR: dataDir,
    WEB_CONCURRENCY: '2',
    REVALIDATE_SECRET: SECRET,
    CONTENT_API_URL: content.url,
    CONTENT_CACHE_TTL_MS: '600000',
    FORMS_MIN_FILL_SECONDS: '0',
    FORMS_RATE_LIMIT: '3',
    FORMS_RATE_WINDOW_SECONDS: '600',
  });
  cleanups.push(() => server.stop('SIGKILL'));
}, 120_000);
afterAll(async () => {
  while (cleanups.length > 0) await cleanups.pop()!().catch(() => undefined);
});

test('a revalidation received by one worker reaches the other worker of the instance', async () => {
  const four = () => Promise.all([1, 2, 3, 4].map(() => getOnNewConnection(`${server.url}/contacts/`)));
  // Four hits in a row: both workers hold the page.
  await eventually(async () => (await four()).every((page) => page.cache === 'HIT'), 60_000);
  content.publish();
  expect((await four()).every((page) => page.body.includes(OLD_PHONE))).toBe(true);

  const revalidated = await fetch(`${server.url}/api/revalidate`, {
    method: 'POST',
    ...signedRevalidation({ paths: ['/contacts/'] }, SECRET),
  });
  expect(revalidated.status).toBe(202);
  await eventually(async () => (await four()).every((page) => page.body.includes(NEW_PHONE) && !page.body.includes(OLD_PHONE)), 30_000);
}, 120_000);

test('the form rate limit is one count for both workers', async () => {
  const statuses: number[] = [];
  for (let index = 0; index < 6; index += 1) {
    const response = await fetch(`${server.url}/api/forms/subscribe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', Connection: 'close' },
      body: JSON.stringify({ email: `worker${index}@example.ru`, consent: true, _fillMs: 5000 }),
    });
    statuses.push(response.status);
  }
  expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
}, 60_000);
