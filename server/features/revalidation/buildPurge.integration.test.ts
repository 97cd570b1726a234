import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { freshPostgresSchema, testPostgresUrl } from '../../../tests/support/postgres.ts';
import { createTestApp, readManifest } from '../../../tests/support/testApp.ts';
import { createLogger } from '../../platform/logging/logger.ts';
import { varnishPurger } from './varnishPurger.ts';
import { PurgeQueue } from './purgeQueue.ts';
import { postgresPurgeStore } from './purgeStore.ts';

const url = await testPostgresUrl();
const closing: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

/** A purge queue whose build step the test can wait for. */
class ObservedQueue extends PurgeQueue {
  readonly builds: Promise<void>[] = [];
  override startBuild(buildId: string): Promise<void> {
    const started = super.startBuild(buildId);
    this.builds.push(started);
    return started;
  }
}

test.skipIf(url === undefined)(
  'instances of the site started on build B after build A served purge build:A once, on the purge target',
  async () => {
    const schema = await freshPostgresSchema(url!);
    closing.push(() => schema.drop());
    const purges: string[] = [];
    const varnish = createServer((req, res) => {
      if (req.method === 'PURGE') purges.push(String(req.headers['xkey-softpurge']));
      res.end();
    });
    await new Promise<void>((resolve) => varnish.listen(0, '127.0.0.1', resolve));
    closing.push(() => new Promise((resolve) => varnish.close(resolve)));
    const varnishUrl = `http://127.0.0.1:${(varnish.address() as AddressInfo).port}`;

    /** One instance of the site on `buildId`, with the test's PostgreSQL and stand-in Varnish. */
    const start = async (buildId: string) => {
      const purger = varnishPurger(varnishUrl);
      const purgeQueue = new ObservedQueue({ purgers: [purger], store: postgresPurgeStore(schema.url), logger: createLogger('silent') });
      closing.push(() => purgeQueue.close());
      await createTestApp({ PAGE_CACHE_MAX_MB: '0' }, { manifest: { ...readManifest(), buildId }, purgers: [purger], purgeQueue });
      await Promise.all(purgeQueue.builds);
    };
    await start('aaaaaaaaaa');
    expect(purges).toEqual([]);
    await Promise.all([start('bbbbbbbbbb'), start('bbbbbbbbbb')]);
    expect(purges).toEqual(['build:aaaaaaaaaa']);
  },
);
