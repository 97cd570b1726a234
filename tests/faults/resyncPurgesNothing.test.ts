import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, expect, test } from 'vitest';
import { LocalSubscribers, type RevalidationBus } from '../../server/features/revalidation/revalidationBus.ts';
import { signedRevalidation } from '../support/signedRevalidation.ts';
import { createTestApp } from '../support/testApp.ts';

// Decisions 035 and 036: after the revalidation listener's database connection comes back, an
// instance drops its own caches (a resync) and purges nothing shared — no instance purges the
// whole site (the `site` tag) on reconnect; the publish an instance receives still purges what it
// names, once.

const SECRET = 'resync-test-secret-0123456789';

/** The `xkey-softpurge` header of every PURGE a stand-in Varnish receives. */
const purges: string[] = [];
const varnish = createServer((req, res) => {
  if (req.method === 'PURGE') purges.push(String(req.headers['xkey-softpurge'] ?? req.headers['xkey-purge'] ?? ''));
  res.writeHead(200).end();
});
await new Promise<void>((resolve) => varnish.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => varnish.close(() => resolve())));

test('a resync after a lost listener drops this process’s caches without purging the HTTP cache; a publish purges', async () => {
  const subscribers = new LocalSubscribers();
  const bus: RevalidationBus = {
    subscribe: (apply) => subscribers.add(apply),
    publish: async (target) => subscribers.apply(target),
    close: async () => undefined,
  };
  const port = (varnish.address() as AddressInfo).port;
  const { app } = await createTestApp({ VARNISH_URLS: `http://127.0.0.1:${port}`, REVALIDATE_SECRET: SECRET }, { revalidationBus: bus });

  subscribers.apply({ all: true }, 'resync');
  // The resync's purge, were there one, would have been sent before the publish's is answered.
  const publish = signedRevalidation({ tags: ['articles:resync-test'] }, SECRET);
  const response = await request(app).post('/api/revalidate').set(publish.headers).send(publish.body);
  expect(response.status).toBe(202);
  expect(purges).toEqual(['articles:resync-test']);
});
