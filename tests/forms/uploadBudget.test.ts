import request from 'supertest';
import { expect, test } from 'vitest';
import { loadConfig } from '../../server/platform/config/env.ts';
import { uploadClientKey } from '../../server/features/leads/forms/uploadBudget.ts';
import { startLeadCapture, type LeadCapture } from '../../server/features/leads/leadCapture.ts';
import { LeadStore } from '../../server/features/leads/store.ts';
import { createLogger } from '../../server/platform/logging/logger.ts';
import { UPLOAD_MESSAGES } from '../../shared/forms/uploads.ts';
import { captureLogs } from '../support/captureLogs.ts';
import { cleanupAfterEach } from '../support/cleanupAfterEach.ts';
import { leadStoreEngines, uploadUsageOf, type Engine } from '../support/leadStores.ts';
import { createTestApp } from '../support/testApp.ts';
import { FILES } from './fixtures.ts';

/**
 * Budgets are held before bytes are written (decision 039): simultaneous uploads from one client,
 * spread over instances that share one database, cannot pass the budget together.
 */
const { engines } = await leadStoreEngines();
const cleanups = cleanupAfterEach();

const CLIENT = '203.0.113.50';
/** 300 KiB: three fit in a client budget of 1 MiB (UPLOAD_CLIENT_MB=1) with their multipart framing, four do not. */
const BRIEF = Buffer.concat([FILES.pdf, Buffer.alloc(300 * 1024 - FILES.pdf.length, 0x20)]);
const FIT = 3;

/** An instance of the site over `databaseUrl` (or the SQLite file in `dataDir`), its leads closed after the test. */
async function instance(dataDir: string, databaseUrl: string | undefined) {
  const env = {
    LEADS_DATA_DIR: dataDir,
    ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
    TRUST_PROXY: '1',
    FORMS_RATE_LIMIT: '1000',
    UPLOAD_CLIENT_MB: '1',
  };
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_BASE_URL: 'https://verf.test', ...env });
  const leads: LeadCapture = await startLeadCapture(config, createLogger('info', captureLogs().stream), { schedule: false });
  cleanups.push(() => leads.close());
  const { app, logs } = await createTestApp(env, { leads: async () => leads });
  return { app, logs, store: leads.store };
}

async function uploadsAtOnce(apps: readonly Parameters<typeof request>[0][], count: number) {
  return Promise.all(
    Array.from({ length: count }, (_, index) =>
      request(apps[index % apps.length]!)
        .post('/api/upload')
        .set('Accept', 'application/json')
        .set('X-Forwarded-For', CLIENT)
        .attach('files', BRIEF, `бриф-${index}.pdf`),
    ),
  );
}

async function expectExactlyWhatFits(store: LeadStore, answers: Awaited<ReturnType<typeof uploadsAtOnce>>) {
  const statuses = answers.map((answer) => answer.status);
  expect(statuses.filter((status) => status === 201)).toHaveLength(FIT);
  expect(statuses.filter((status) => status === 429)).toHaveLength(answers.length - FIT);
  for (const refused of answers.filter((answer) => answer.status === 429))
    expect(refused.body.errors.files).toBe(UPLOAD_MESSAGES.clientBudget);
  const mine = await uploadUsageOf(store, uploadClientKey(CLIENT), 0);
  expect(mine).toMatchObject({ storedBytes: FIT * BRIEF.length, recentBytes: FIT * BRIEF.length, recentFiles: FIT });
}

async function databaseOf(engine: Engine) {
  const db = await engine.create();
  cleanups.push(() => db.cleanup());
  return db;
}

const postgres = engines.find((engine) => engine.name === 'PostgreSQL');

test.skipIf(postgres === undefined)(
  'two instances on one PostgreSQL: of 10 simultaneous uploads from one client exactly as many are kept as fit its budget',
  async () => {
    const db = await databaseOf(postgres!);
    const first = await instance(db.dataDir, db.databaseUrl);
    const second = await instance(db.dataDir, db.databaseUrl);
    await expectExactlyWhatFits(first.store, await uploadsAtOnce([first.app, second.app], 10));
    // Nothing is left held: the same client's next upload is judged by what is stored, and refused.
    expect((await uploadsAtOnce([second.app], 1))[0]!.status).toBe(429);
    for (const logs of [first.logs, second.logs]) expect(logs.lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
  },
);

test('one instance on SQLite: of 10 simultaneous uploads from one client exactly as many are kept as fit its budget', async () => {
  const db = await databaseOf(engines.find((engine) => engine.name === 'SQLite')!);
  const only = await instance(db.dataDir, undefined);
  await expectExactlyWhatFits(only.store, await uploadsAtOnce([only.app], 10));
  // Another client's budget is its own.
  const other = await request(only.app).post('/api/upload').set('X-Forwarded-For', '198.51.100.9').attach('files', BRIEF, 'бриф.pdf');
  expect(other.status).toBe(201);
});
