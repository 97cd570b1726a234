import request from 'supertest';
import { expect, test } from 'vitest';
import { LeadStore } from '../store.ts';
import { leadStoreEngines, type TestDatabase } from '../../../../tests/support/leadStores.ts';
import { createTestApp } from '../../../../tests/support/testApp.ts';
import { DatabaseRateLimitStore } from './rateLimitStore.ts';
import { cleanupAfterEach } from '../../../../tests/support/cleanupAfterEach.ts';

const { engines } = await leadStoreEngines();
const postgres = engines.find((engine) => engine.name === 'PostgreSQL');
const cleanups = cleanupAfterEach();

async function database(create: () => Promise<TestDatabase>) {
  const db = await create();
  cleanups.push(() => db.cleanup());
  const store = new LeadStore(db.open());
  await store.migrate();
  return { db, store };
}

for (const engine of engines) {
  test(`${engine.name}: a client's hits are counted in one window, and a new window starts from one`, async () => {
    const { store } = await database(engine.create);
    let now = 1_000_000;
    const limiter = new DatabaseRateLimitStore(
      async () => store,
      'forms:',
      () => now,
    );
    limiter.init({ windowMs: 60_000 } as Parameters<DatabaseRateLimitStore['init']>[0]);
    expect(await limiter.increment('203.0.113.7')).toEqual({ totalHits: 1, resetTime: new Date(1_060_000) });
    expect((await limiter.increment('203.0.113.7')).totalHits).toBe(2);
    expect((await limiter.increment('198.51.100.1')).totalHits).toBe(1);
    await limiter.decrement('203.0.113.7');
    expect((await limiter.increment('203.0.113.7')).totalHits).toBe(2);
    now = 1_060_000;
    expect(await limiter.increment('203.0.113.7')).toEqual({ totalHits: 1, resetTime: new Date(1_120_000) });
    await limiter.resetKey('203.0.113.7');
    expect((await limiter.increment('203.0.113.7')).totalHits).toBe(1);
    expect(await store.purgeRateLimits(2_000_000)).toBe(2);
  });
}

test.skipIf(postgres === undefined)('with PostgreSQL two instances share one form rate limit', async () => {
  const { db } = await database(postgres!.create);
  const env = { DATABASE_URL: db.databaseUrl!, LEADS_DATA_DIR: db.dataDir, FORMS_RATE_LIMIT: '3', FORMS_RATE_WINDOW_SECONDS: '600' };
  const [first, second] = [await createTestApp(env), await createTestApp(env)];
  const statuses: number[] = [];
  for (const app of [first.app, second.app, first.app, second.app]) {
    const response = await request(app).post('/api/forms/subscribe').send({ email: 'ivan@example.ru', consent: true, _fillMs: 5000 });
    statuses.push(response.status);
  }
  expect(statuses).toEqual([201, 201, 201, 429]);
});
