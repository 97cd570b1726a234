import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterEach, expect, test, vi } from 'vitest';
import { eventually } from '../../../tests/forms/receivers.ts';
import { testPostgresUrl } from '../../../tests/support/postgres.ts';
import { createTestApp } from '../../../tests/support/testApp.ts';
import { createLogger } from '../../platform/logging/logger.ts';
import { postgresBus } from './postgresBus.ts';
import { varnishPurger } from './varnishPurger.ts';
import { SIGNATURE_HEADER, signRevalidation } from './signature.ts';

const SECRET = 'revalidate-secret-0123456789';
const url = await testPostgresUrl();
const closing: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

/** A stand-in Varnish counting the PURGEs it receives, by their `xkey-softpurge` header. */
async function countingVarnish() {
  const purges: string[] = [];
  const server = createServer((req, res) => {
    if (req.method === 'PURGE') purges.push(String(req.headers['xkey-softpurge']));
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closing.push(() => new Promise((resolve) => server.close(resolve)));
  return { purges, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** An instance of the site on the test's PostgreSQL, purging the stand-in. */
async function instance(varnishUrl: string) {
  const bus = postgresBus(url!, createLogger('silent'));
  closing.push(() => bus.close());
  await bus.started;
  return createTestApp(
    { REVALIDATE_SECRET: SECRET, PAGE_CACHE_MAX_MB: '0' },
    { revalidationBus: bus, purgers: [varnishPurger(varnishUrl)] },
  );
}

const publish = (app: Parameters<typeof request>[0], body: unknown) => {
  const text = JSON.stringify(body);
  return request(app)
    .post('/api/revalidate')
    .set('Content-Type', 'application/json')
    .set(SIGNATURE_HEADER, signRevalidation(text, SECRET))
    .send(text);
};

test.skipIf(url === undefined)(
  'one publish to one of two instances sends one PURGE; the other revalidates its own caches only',
  async () => {
    const varnish = await countingVarnish();
    const [a, b] = [await instance(varnish.url), await instance(varnish.url)];
    const expiredOnB = vi.spyOn(b.content.client, 'expireCache');
    // Other test files may publish on the same database: this test's own record.
    const id = `one-purge-${randomBytes(4).toString('hex')}`;
    const response = await publish(a.app, { data: { type: 'articles', id } });
    expect(response.status).toBe(202);
    expect(response.body.purges).toEqual([{ target: `varnish ${varnish.url}`, purged: [`articles:${id}`, 'articles'] }]);
    await eventually(() => expiredOnB.mock.calls.length > 0, 20_000);
    // A second publish, received by B, after B applied the first: had B purged the first too,
    // that PURGE would have been sent before this one.
    expect((await publish(b.app, { tags: [`after-${id}`] })).status).toBe(202);
    expect(varnish.purges).toEqual([`articles:${id} articles`, `after-${id}`]);
  },
);
