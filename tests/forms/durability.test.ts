import { expect, test } from 'vitest';
import { LeadStore } from '../../server/features/leads/store.ts';
import { leadStoreEngines, type TestDatabase } from '../support/leadStores.ts';
import { freePort, startServer, type RunningServer } from '../support/startServer.ts';
import { eventually, startSmtpReceiver, startWebhookReceiver } from './receivers.ts';
import { cleanupAfterEach } from '../support/cleanupAfterEach.ts';

/**
 * The promise behind "no answer of 201 ever stands for a lost lead" (decision 008),
 * checked on the production build as a process: killed without warning, restarted, and with the
 * agency's destinations down while the lead was sent.
 */
const { engines } = await leadStoreEngines();
const cleanups = cleanupAfterEach();

async function database(create: () => Promise<TestDatabase>) {
  const db = await create();
  cleanups.push(() => db.cleanup());
  return db;
}

function serverEnv(db: TestDatabase, extra: Record<string, string> = {}) {
  return {
    LEADS_DATA_DIR: db.dataDir,
    ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
    FORMS_MIN_FILL_SECONDS: '0',
    FORMS_RATE_LIMIT: '100000',
    ...extra,
  };
}

async function start(env: Record<string, string>): Promise<RunningServer> {
  const server = await startServer(env);
  cleanups.push(() => server.stop('SIGKILL'));
  return server;
}

const submission = (index: number) => ({
  name: `Клиент ${index}`,
  phone: '+7 912 345-67-89',
  email: `client${index}@example.ru`,
  consent: true,
  _fillMs: 5000,
});

for (const engine of engines) {
  test(`${engine.name}: a lead sent while the CRM and the mail server were down is delivered after a restart once they are back`, async () => {
    const db = await database(engine.create);
    const [webhookPort, smtpPort] = [await freePort(), await freePort()];
    const env = serverEnv(db, {
      LEADS_WEBHOOK_URL: `http://127.0.0.1:${webhookPort}/crm/leads`,
      LEADS_WEBHOOK_SECRET: 'durability-test-secret-42',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // The test's mail server offers no STARTTLS.
      SMTP_ALLOW_PLAINTEXT: '1',
      LEADS_EMAIL_TO: 'leads@verf.test',
      LEADS_OUTBOX_CRON: '* * * * * *',
      LEADS_RETRY_BASE_SECONDS: '1',
    });
    const store = new LeadStore(db.open());
    let server = await start(env);
    const response = await fetch(`${server.url}/api/forms/request`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(submission(1)),
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    // Both destinations failed at least once while down.
    await eventually(async () => (await store.deliveriesOf(id)).every((delivery) => delivery.attempts >= 1));
    expect(await server.stop('SIGTERM')).toBe(0);

    const webhook = await startWebhookReceiver({ port: webhookPort });
    const smtp = await startSmtpReceiver({ port: smtpPort });
    cleanups.push(webhook.close, smtp.close);
    server = await start(env);
    await eventually(() => webhook.calls.length >= 1 && smtp.messages.length >= 1, 60_000);
    expect(JSON.parse(webhook.calls[0]!.body)).toMatchObject({ id, fields: { name: 'Клиент 1' } });
    expect(smtp.messages[0]!.messageId).toBe(`<${id}@localhost>`);
    await eventually(async () => (await store.deliveriesOf(id)).every((delivery) => delivery.deliveredAt !== null));
    expect(server.output()).not.toContain('client1@example.ru');
  }, 120_000);

  test(`${engine.name}: every submission answered 201 is in the store after the server is killed with SIGKILL`, async () => {
    const db = await database(engine.create);
    const server = await start(serverEnv(db));
    const accepted: string[] = [];
    let index = 0;
    let killed = false;
    const worker = async () => {
      while (!killed) {
        index += 1;
        try {
          const response = await fetch(`${server.url}/api/forms/request`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(submission(index)),
          });
          if (response.status === 201) accepted.push(((await response.json()) as { id: string }).id);
        } catch {
          // The connection died with the server: no 201, no promise made.
        }
      }
    };
    const workers = Array.from({ length: 6 }, worker);
    await eventually(() => accepted.length >= 15, 60_000);
    server.child.kill('SIGKILL');
    killed = true;
    await Promise.all(workers);
    await new Promise((resolve) =>
      server.child.exitCode !== null || server.child.signalCode !== null ? resolve(null) : server.child.once('exit', resolve),
    );

    const restarted = await start(serverEnv(db));
    expect((await fetch(`${restarted.url}/healthz`)).status).toBe(200);
    const store = new LeadStore(db.open());
    const missing: string[] = [];
    for (const id of accepted) if ((await store.getLead(id)) === undefined) missing.push(id);
    expect(missing).toEqual([]);
    expect(accepted.length).toBeGreaterThanOrEqual(15);
  }, 120_000);
}
