import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { eventually } from '../forms/receivers.ts';
import { getOnNewConnection, NEW_PHONE, OLD_PHONE, startEditableContent } from '../support/editableContent.ts';
import { startServer } from '../support/startServer.ts';

/**
 * Without a database (SQLite, one instance) a revalidation still reaches every worker of the
 * instance: the worker that received it tells the cluster primary, which tells the others.
 */
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  while (cleanups.length > 0) await cleanups.pop()!().catch(() => undefined);
});

test('without a database a revalidation received by one worker reaches every worker of the instance', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'revalidation-workers-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const content = await startEditableContent();
  cleanups.push(() => content.close());
  const secret = 'workers-revalidate-secret-42';
  const server = await startServer({
    LEADS_DATA_DIR: dataDir, WEB_CONCURRENCY: '2', REVALIDATE_SECRET: secret, CONTENT_API_URL: content.url, CONTENT_CACHE_TTL_MS: '600000',
  });
  cleanups.push(() => server.stop('SIGKILL'));
  // Each request on a new connection: the primary deals them to the workers in turn, so four
  // hits in a row mean both workers hold the page.
  const four = () => Promise.all([1, 2, 3, 4].map(() => getOnNewConnection(`${server.url}/contacts/`)));
  await eventually(async () => (await four()).every((page) => page.cache === 'HIT'), 60_000);
  content.publish();
  expect((await four()).every((page) => page.body.includes(OLD_PHONE))).toBe(true);

  const revalidated = await fetch(`${server.url}/api/revalidate`, {
    method: 'POST', headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ paths: ['/contacts/'] }),
  });
  expect(revalidated.status).toBe(202);
  await eventually(async () => (await four()).every((page) => page.body.includes(NEW_PHONE) && !page.body.includes(OLD_PHONE)), 30_000);
}, 120_000);
