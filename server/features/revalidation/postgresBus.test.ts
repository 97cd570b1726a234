import pg from 'pg';
import { expect, test } from 'vitest';
import { eventually } from '../../../tests/forms/receivers.ts';
import { testPostgresUrl } from '../../../tests/support/postgres.ts';
import { createLogger } from '../../platform/logging/logger.ts';
import { postgresBus } from './postgresBus.ts';
import type { RevalidationOrigin } from './revalidationBus.ts';
import type { RevalidationTarget } from './revalidationTarget.ts';

const url = await testPostgresUrl();

test.skipIf(url === undefined)('a revalidation published by one instance is applied by every instance on the same PostgreSQL', async () => {
  const logger = createLogger('silent');
  const [a, b] = [postgresBus(url!, logger), postgresBus(url!, logger)];
  try {
    const seenByA: RevalidationTarget[] = [];
    const seenByB: RevalidationTarget[] = [];
    a.subscribe((target) => seenByA.push(target));
    b.subscribe((target) => seenByB.push(target));
    // Other test files may publish on the same database: look for this test's own path.
    const mine = (target: RevalidationTarget) => 'paths' in target && target.paths.includes('/blog/bus-test/');
    await Promise.all([a.started, b.started]);
    await a.publish({ paths: ['/blog/bus-test/'] });
    await eventually(() => seenByB.some(mine), 20_000);
    // Applied once where it was published: its own notification, back before publish settled, is not applied again.
    expect(seenByA.filter(mine)).toHaveLength(1);
    expect(seenByB.filter(mine)).toHaveLength(1);
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
});

test.skipIf(url === undefined)(
  'after its listening connection is lost and re-opened, an instance resyncs its own caches: the one revalidation it applies is marked resync, not publish',
  async () => {
    const logger = createLogger('silent');
    // Its own application name: the test ends this bus's connection and no other's.
    const name = `bus-resync-${process.pid}`;
    const listening = new URL(url!);
    listening.searchParams.set('application_name', name);
    const bus = postgresBus(listening.toString(), logger);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const seen: [RevalidationTarget, RevalidationOrigin][] = [];
      bus.subscribe((target, origin) => seen.push([target, origin]));
      await bus.started;
      const ended = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [name]);
      expect(ended.rowCount).toBe(1);
      await eventually(() => seen.length > 0, 20_000);
      expect(seen).toEqual([[{ all: true }, 'resync']]);
    } finally {
      await admin.end();
      await bus.close();
    }
  },
);
