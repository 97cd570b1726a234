import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { register } from 'prom-client';
import { afterEach, expect, test } from 'vitest';
import { testPostgresUrl } from '../../../tests/support/postgres.ts';
import { createLogger } from '../../platform/logging/logger.ts';
import type { TagPurger } from './purgers.ts';
import { varnishPurger } from './varnishPurger.ts';
import { PurgeQueue } from './purgeQueue.ts';
import { memoryPurgeStore, postgresPurgeStore, type PurgeStore } from './purgeStore.ts';

const url = await testPostgresUrl();
const logger = createLogger('silent');
const closing: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

/** A purge target that fails while `down` is true and records what it purged. */
function flakyPurger(name: string) {
  const state = { down: true, purged: [] as string[][] };
  const purger: TagPurger = {
    name,
    invalidateTags: async (tags) => {
      if (state.down) throw new Error('PURGE answered 503');
      state.purged.push([...tags]);
    },
  };
  return { state, purger };
}

/** A stand-in Varnish that counts the PURGEs it receives, by their `xkey-softpurge` header. */
async function countingVarnish() {
  const purges: string[] = [];
  const server: Server = createServer((req, res) => {
    if (req.method === 'PURGE') purges.push(String(req.headers['xkey-softpurge']));
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closing.push(() => new Promise((resolve) => server.close(resolve)));
  return { purges, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const failures = async (target: string) =>
  (await register.getSingleMetric('cache_purge_failures_total')!.get()).values.find((value) => value.labels.target === target)?.value ?? 0;

const stores: [string, () => PurgeStore][] = [
  ['in memory', () => memoryPurgeStore()],
  ...(url === undefined ? [] : [['in PostgreSQL', () => postgresPurgeStore(url)] as [string, () => PurgeStore]]),
];

test.each(stores)('a failed purge is reported, counted, stored %s and retried until the target takes it', async (_, makeStore) => {
  const target = `flaky-${randomBytes(4).toString('hex')}`;
  const { state, purger } = flakyPurger(target);
  const working = flakyPurger(`${target}-ok`);
  working.state.down = false;
  const queue = new PurgeQueue({ purgers: [purger, working.purger], store: makeStore(), logger, retryBaseMs: 0 });
  closing.push(() => queue.close());

  const outcomes = await queue.purgeNow(['articles:x', 'articles']);
  expect(outcomes).toEqual([
    { target, failed: ['articles:x', 'articles'], error: 'PURGE answered 503', queued: true },
    { target: `${target}-ok`, purged: ['articles:x', 'articles'] },
  ]);
  expect(await failures(target)).toBe(1);

  // Still down: the retry fails, is counted, and the purge stays queued.
  await queue.run();
  expect(await failures(target)).toBe(2);
  expect(state.purged).toEqual([]);

  state.down = false;
  // Retried after its back-off (0 here), and only on the target that failed.
  await queue.run();
  expect(state.purged).toEqual([['articles:x', 'articles']]);
  expect(working.state.purged).toEqual([['articles:x', 'articles']]);
  await queue.run();
  expect(state.purged).toHaveLength(1);
});

test.skipIf(url === undefined)('instances started on a new build purge the copies of the older build once, not once each', async () => {
  const varnish = await countingVarnish();
  const [buildA, buildB] = [`a${randomBytes(4).toString('hex')}`, `b${randomBytes(4).toString('hex')}`];
  const instance = () => {
    const queue = new PurgeQueue({ purgers: [varnishPurger(varnish.url)], store: postgresPurgeStore(url!), logger });
    closing.push(() => queue.close());
    return queue;
  };
  await instance().startBuild(buildA);
  // Two instances start on build B at the same moment; each then retries what is due.
  const [first, second] = [instance(), instance()];
  await Promise.all([first.startBuild(buildB), second.startBuild(buildB)]);
  await Promise.all([first.run(), second.run()]);
  expect(varnish.purges.filter((keys) => keys.split(' ').includes(`build:${buildA}`))).toHaveLength(1);
  // A restart on build B is no new build: nothing more is purged.
  await instance().startBuild(buildB);
  expect(varnish.purges.filter((keys) => keys.split(' ').includes(`build:${buildA}`))).toHaveLength(1);
  expect(varnish.purges.some((keys) => keys.includes(`build:${buildB}`))).toBe(false);
});

test.skipIf(url === undefined)('a purge queued in PostgreSQL is retried by another instance once its target answers', async () => {
  const target = `shared-${randomBytes(4).toString('hex')}`;
  const received = flakyPurger(target);
  const one = new PurgeQueue({ purgers: [received.purger], store: postgresPurgeStore(url!), logger, retryBaseMs: 0 });
  const other = flakyPurger(target);
  other.state.down = false;
  const two = new PurgeQueue({ purgers: [other.purger], store: postgresPurgeStore(url!), logger, retryBaseMs: 0 });
  closing.push(
    () => one.close(),
    () => two.close(),
  );
  await one.purgeNow(['pages:contacts']);
  await one.close();
  await two.run();
  expect(other.state.purged).toEqual([['pages:contacts']]);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  closing.push(() => client.end());
  expect((await client.query('SELECT count(*)::int AS n FROM cache_purges WHERE target = $1', [target])).rows).toEqual([{ n: 0 }]);
});
