import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { expect, test } from 'vitest';
import { FILES, leadsDataDirPerFile, postWithoutJavaScript, validRequest } from '../../../../tests/forms/fixtures.ts';
import { captureLogs } from '../../../../tests/support/captureLogs.ts';
import { createTestApp } from '../../../../tests/support/testApp.ts';
import { unreachableDatabase } from '../../../../tests/support/unreachableDatabase.ts';
import { loadConfig } from '../../../platform/config/env.ts';
import { SQLITE_FILE, startLeadCapture } from '../leadCapture.ts';
import { openSqlite } from '../../../platform/database/sqlite.ts';
import { createLogger } from '../../../platform/logging/logger.ts';
import { PROBLEM_TEXTS, STORE_RETRY_AFTER_SECONDS } from './problems.ts';
import { UNAVAILABLE_BACK_HINT } from './respond.tsx';

// Decision 023: while the leads database is unreachable a form is answered 503 with Retry-After
// and a Russian message, whichever step needed the database; the outage is logged once.
const data = leadsDataDirPerFile();

/**
 * The app over a store whose database the test makes unreachable. WEB_CONCURRENCY=2 counts the
 * rate limit in the database, as with PostgreSQL: the first step of a post that needs it.
 */
async function appWithUnreachableStore(env: Record<string, string> = {}) {
  const testEnv = { LEADS_DATA_DIR: data().dir, FORMS_MIN_FILL_SECONDS: '3', FORMS_RATE_LIMIT: '1000', ...env };
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_BASE_URL: 'https://verf.test', ...testEnv });
  const { logs, stream } = captureLogs();
  const logger = createLogger('info', stream);
  const database = unreachableDatabase(openSqlite(path.join(data().dir, SQLITE_FILE)));
  const leads = await startLeadCapture(config, logger, { schedule: false, db: database });
  const { app } = await createTestApp(testEnv, { logger, leads: () => Promise.resolve(leads) });
  return { app, logs, database, leads };
}

const errorLines = (lines: Record<string, unknown>[]) => lines.filter((line) => Number(line.level) >= 50);

for (const counted of ['in the database', 'in memory'] as const) {
  test(`while the database is unreachable a JSON form is 503 with Retry-After and a message, the rate limit counted ${counted}`, async () => {
    const { app, logs, database } = await appWithUnreachableStore(counted === 'in the database' ? { WEB_CONCURRENCY: '2' } : {});
    database.down();
    for (let i = 0; i < 3; i += 1) {
      const response = await request(app).post('/api/forms/request').set('Accept', 'application/json').send(validRequest());
      expect(response.status).toBe(503);
      expect(response.headers['retry-after']).toBe(String(STORE_RETRY_AFTER_SECONDS));
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toEqual({ error: PROBLEM_TEXTS[503] });
    }
    // One error line for the outage; each refused request has its access line, a warning.
    expect(errorLines(logs.lines).map((line) => line.msg)).toEqual(['leads database unreachable: forms answer 503 until it is back']);
    expect(logs.lines.filter((line) => line.msg === 'POST /api/forms/request 503 refused').map((line) => line.level)).toEqual([40, 40, 40]);

    database.up();
    const accepted = await request(app).post('/api/forms/request').set('Accept', 'application/json').send(validRequest());
    expect(accepted.status).toBe(201);
    expect(await data().store().getLead(accepted.body.id)).toMatchObject({ form: 'request' });
    expect(logs.lines.filter((line) => line.msg === 'leads database reachable again')).toHaveLength(1);
  });
}

test('while the database is unreachable a multipart form and an upload are 503, and their files are not kept', async () => {
  const { app, database } = await appWithUnreachableStore();
  const uploads = path.join(data().dir, 'uploads');
  const before = existsSync(uploads) ? readdirSync(uploads) : [];
  database.down();
  const form = await request(app)
    .post('/api/forms/request')
    .set('Accept', 'application/json')
    .field({ name: 'Иван', phone: '+79123456789', email: 'ivan@example.ru', consent: 'on', _fillMs: '9000' })
    .attach('attachments', FILES.pdf, 'ТЗ.pdf');
  expect(form.status).toBe(503);
  expect(form.headers['retry-after']).toBe(String(STORE_RETRY_AFTER_SECONDS));
  expect(form.body).toEqual({ error: PROBLEM_TEXTS[503] });

  const upload = await request(app).post('/api/upload').set('Accept', 'application/json').attach('files', FILES.png, 'макет.png');
  expect(upload.status).toBe(503);
  expect(upload.body).toEqual({ error: PROBLEM_TEXTS[503] });
  expect(readdirSync(uploads).filter((name) => !before.includes(name))).toEqual([]);
});

test('without JavaScript a form sent while the database is unreachable gets a 503 page that says what to do', async () => {
  const { app, database } = await appWithUnreachableStore();
  database.down();
  const response = await postWithoutJavaScript(app, 'subscribe').send({ email: 'reader@example.ru', consent: 'on', _page: '/blog/' });
  expect(response.status).toBe(503);
  expect(response.headers['retry-after']).toBe(String(STORE_RETRY_AFTER_SECONDS));
  expect(response.type).toBe('text/html');
  expect(response.text).toContain('<h1');
  expect(response.text).toContain('Сайт временно не принимает формы');
  expect(response.text).toContain(PROBLEM_TEXTS[503]);
  expect(response.text).toContain(UNAVAILABLE_BACK_HINT);
  expect(response.text).toContain('href="/blog/"');
});
