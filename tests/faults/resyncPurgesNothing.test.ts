import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, expect, test } from 'vitest';
import { LocalSubscribers, type RevalidationBus } from '../../server/revalidation/revalidationBus.ts';
import { waitFor } from '../support/serverLog.ts';
import { createTestApp } from '../support/testApp.ts';

// Decision 035: after the revalidation listener's database connection comes back, an instance
// drops its own caches (a resync) and purges nothing shared — no instance purges the whole site
// (the `site` tag) on reconnect; a publish still purges what it names.

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
  await createTestApp({ VARNISH_URLS: `http://127.0.0.1:${port}` }, { revalidationBus: bus });

  subscribers.apply({ all: true }, 'resync');
  subscribers.apply({ tags: ['articles:resync-test'] }, 'publish');
  // The resync's purge, were there one, would have been sent first.
  await waitFor('the publish’s purge', () => (purges.includes('articles:resync-test') ? true : undefined));
  expect(purges).toEqual(['articles:resync-test']);
});
