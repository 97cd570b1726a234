import { leadsDelivered, leadsOutboxRuns } from '../../platform/monitoring/metrics.ts';
import { createHmac, randomUUID } from 'node:crypto';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { register } from 'prom-client';
import { expect, test } from 'vitest';
import { startSmtpReceiver, startWebhookReceiver } from '../../../tests/forms/receivers.ts';
import { leadStoreEngines, type TestDatabase } from '../../../tests/support/leadStores.ts';
import { captureLogs } from '../../../tests/support/captureLogs.ts';
import { createLogger } from '../../platform/logging/logger.ts';
import { emailSender, MISSING_ATTACHMENTS_NOTE } from './email.ts';
import { Outbox, retryDelay, type OutboxOptions } from './outbox.ts';
import { Purge } from './purge.ts';
import { LeadStore, type NewLead } from './store.ts';
import { DatabaseUploadFiles } from './databaseUploadFiles.ts';
import { DiskUploadFiles, type UploadFiles } from './uploadFiles.ts';
import { SIGNATURE_HEADER, verifySignature } from '../../platform/http/bodySignature.ts';
import { webhookSender } from './webhook.ts';
import { cleanupAfterEach } from '../../../tests/support/cleanupAfterEach.ts';
import { unreachableDatabase } from '../../../tests/support/unreachableDatabase.ts';
import { StoreAvailability, watchAvailability } from './storeAvailability.ts';

const { engines } = await leadStoreEngines();
const SECRET = 'test-webhook-secret-0123456789';

const cleanups = cleanupAfterEach();

/** The tests' first retry delay: a round second, so that back-off times read plainly. */
const RETRY_BASE_MS = 1000;
/** An outbox as the tests run it: retries from `RETRY_BASE_MS` on, the rest as given. */
const outboxWith = (options: Omit<OutboxOptions, 'retryBaseMs'>) => new Outbox({ retryBaseMs: RETRY_BASE_MS, ...options });

const lead: NewLead = {
  form: 'request',
  fields: {
    name: 'Иван <script>alert(1)</script>',
    phone: '+7 912 345-67-89',
    email: 'ivan@example.ru',
    message: 'Сайт & магазин',
    consent: true,
  },
  page: '/services/razrabotka/',
  utm: { utm_source: 'yandex' },
  uploads: [],
};

async function setup(create: () => Promise<TestDatabase>) {
  const database = await create();
  cleanups.push(() => database.cleanup());
  const client = database.open();
  const store = new LeadStore(client);
  await store.migrate();
  const dir = path.join(database.dataDir, 'uploads');
  // As server/features/leads/leadCapture.ts chooses: PostgreSQL keeps the files too, SQLite a folder.
  const files: UploadFiles = client.dialect === 'postgres' ? new DatabaseUploadFiles(dir, client) : new DiskUploadFiles(dir);
  /** Stores a file as the upload call does: written to `<id>.part`, then committed. */
  const putFile = async (id: string, content: string, into: UploadFiles = files) => {
    await writeFile(into.partPathOf(id), content);
    await into.commit(id);
  };
  /** A file of long ago that the store never recorded (a crash between writing and recording). */
  const putOldOrphan = async (id: string, content: string) => {
    if (files instanceof DiskUploadFiles) {
      await putFile(id, content);
      await utimes(files.pathOf(id), 0, 0);
    } else {
      await putFile(id, content, new DatabaseUploadFiles(dir, client, () => 0));
    }
  };
  await mkdir(dir, { recursive: true });
  const { logs, stream } = captureLogs();
  const logger = createLogger('info', stream);
  /** An internship application with its stored résumé, due to the inbox only. */
  const insertInternshipWithResume = async () => {
    const uploadId = randomUUID();
    await putFile(uploadId, 'резюме');
    await store.saveUploads([{ id: uploadId, field: 'resume', name: 'Резюме.txt', size: 12, type: 'text/plain', createdAt: 0 }]);
    const { id } = await store.insertLead({ ...lead, form: 'internship', uploads: [{ field: 'resume', id: uploadId }] }, ['email'], 0);
    return { id, uploadId };
  };
  /** The inbox sender, as the server configures it, delivering to `smtpUrl`; closed after the test. */
  const mailTo = (smtpUrl: string) => {
    const mail = emailSender({
      smtpUrl,
      allowPlaintext: true,
      to: 'leads@verf.test',
      from: 'Сайт <noreply@verf.test>',
      messageIdDomain: 'verf.test',
      files,
      logger,
    });
    cleanups.push(async () => mail.close());
    return mail;
  };
  return { store, files, putFile, putOldOrphan, insertInternshipWithResume, mailTo, logs, logger, database };
}

test('the retry delay doubles from the base and stops growing at one hour', () => {
  expect([1, 2, 3, 4].map((attempts) => retryDelay(attempts, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
  expect(retryDelay(30, 30_000)).toBe(3_600_000);
});

for (const engine of engines) {
  test(`${engine.name}: a lead reaches the CRM webhook, signed, and the inbox with its attachment`, async () => {
    const { store, putFile, mailTo, logger } = await setup(engine.create);
    const webhook = await startWebhookReceiver();
    const smtp = await startSmtpReceiver();
    cleanups.push(webhook.close, smtp.close);
    const uploadId = randomUUID();
    await putFile(uploadId, '%PDF-1.4 бриф');
    await store.saveUploads([
      { id: uploadId, field: 'attachments', name: 'Бриф проекта.pdf', size: 17, type: 'application/pdf', createdAt: 1 },
    ]);
    const { id } = await store.insertLead({ ...lead, uploads: [{ field: 'attachments', id: uploadId }] }, ['webhook', 'email']);

    const mail = mailTo(smtp.url);
    const outbox = outboxWith({
      store,
      logger,
      senders: { webhook: webhookSender({ url: webhook.url, secret: SECRET }), email: mail },
    });
    const delivered = async (destination: string) =>
      (await leadsDelivered.get()).values.find((value) => value.labels.destination === destination)?.value ?? 0;
    const runs = async () => (await leadsOutboxRuns.get()).values[0]?.value ?? 0;
    const deliveredBefore = [await delivered('webhook'), await delivered('email')];
    const runsBefore = await runs();
    await outbox.run();

    expect(webhook.calls).toHaveLength(1);
    expect([await delivered('webhook'), await delivered('email')]).toEqual(deliveredBefore.map((count) => count + 1));
    expect(await runs()).toBe(runsBefore + 1);
    const call = webhook.calls[0]!;
    const signature = String(call.headers[SIGNATURE_HEADER.toLowerCase()]);
    const t = Number(/^t=(\d+),/.exec(signature)?.[1]);
    expect(signature).toBe(`t=${t},v1=${createHmac('sha256', SECRET).update(`${t}.${call.body}`).digest('hex')}`);
    expect(Math.abs(Date.now() / 1000 - t)).toBeLessThan(60);
    expect(verifySignature(signature, call.body, SECRET)).toBe(true);
    expect(call.headers['idempotency-key']).toBe(id);
    expect(JSON.parse(call.body)).toMatchObject({
      id,
      form: 'request',
      formTitle: 'Заявка на проект',
      page: '/services/razrabotka/',
      utm: { utm_source: 'yandex' },
      fields: { phone: '+7 912 345-67-89', consent: true },
      labels: { phone: 'Телефон' },
      attachments: [{ name: 'Бриф проекта.pdf', size: 17, type: 'application/pdf', field: 'attachments' }],
    });

    expect(smtp.messages).toHaveLength(1);
    const message = smtp.messages[0]!;
    expect(message.messageId).toBe(`<${id}@verf.test>`);
    expect(message.subject).toContain('Заявка на проект');
    expect(message.replyTo?.text).toBe('ivan@example.ru');
    expect(message.text).toContain('Телефон: +7 912 345-67-89');
    expect(message.html).toContain('Иван &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(message.html).not.toContain('<script>');
    expect(message.attachments.map((file) => [file.filename, file.content.toString()])).toEqual([['Бриф проекта.pdf', '%PDF-1.4 бриф']]);
    expect((await store.deliveriesOf(id)).every((delivery) => delivery.deliveredAt !== null)).toBe(true);

    await outbox.run();
    expect(webhook.calls).toHaveLength(1);
  });

  test(`${engine.name}: a failing destination is retried with back-off, never dropped, and logged at error level after repeated failures`, async () => {
    const { store, logger, logs } = await setup(engine.create);
    const webhook = await startWebhookReceiver({ status: 503 });
    cleanups.push(webhook.close);
    let now = 1_000_000;
    const outbox = outboxWith({
      store,
      logger,
      alertAfterAttempts: 3,
      now: () => now,
      senders: { webhook: webhookSender({ url: webhook.url, secret: SECRET }) },
    });
    const { id } = await store.insertLead(lead, ['webhook'], now);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await outbox.run();
      const [delivery] = await store.deliveriesOf(id);
      expect(delivery).toMatchObject({
        attempts: attempt,
        deliveredAt: null,
        lastError: 'webhook answered 503',
        nextAttemptAt: now + retryDelay(attempt, RETRY_BASE_MS),
      });
      await outbox.run();
      expect(webhook.calls).toHaveLength(attempt);
      now = delivery!.nextAttemptAt;
    }
    const failures = logs.lines.filter((line) => line.leadId === id);
    expect(failures.map((line) => line.level)).toEqual([40, 40, 50, 50]);
    expect(failures.at(-1)).toMatchObject({ msg: 'lead delivery keeps failing; kept for retry', destination: 'webhook', attempts: 4 });
    expect(JSON.stringify(logs.lines)).not.toContain('ivan@example.ru');

    webhook.state.status = 200;
    await outbox.run();
    expect((await store.deliveriesOf(id))[0]?.deliveredAt).toBe(now);
    expect(JSON.parse(webhook.calls.at(-1)!.body).id).toBe(id);
  });

  test(`${engine.name}: the purge erases a delivered lead's personal fields and files after the configured days`, async () => {
    const { store, files, putOldOrphan, insertInternshipWithResume, logger } = await setup(engine.create);
    const { id, uploadId } = await insertInternshipWithResume();
    const orphan = randomUUID();
    await putOldOrphan(orphan, 'никем не записан');
    const [delivery] = await store.deliveriesOf(id);
    const day = 86_400_000;
    await store.markDelivered(delivery!.id, day);
    let now = 30 * day;
    const purge = new Purge({ store, files, purgeAfterDays: 30, undeliveredPurgeAfterDays: 90, logger, now: () => now });
    expect(await purge.run()).toEqual({ leads: 0, undelivered: 0, files: 1 });
    expect(await files.source(orphan)).toBeUndefined();
    expect(await files.source(uploadId)).toBeDefined();
    expect((await store.getLead(id))?.purgedAt).toBeNull();
    now = 31 * day + 1;
    expect(await purge.run()).toEqual({ leads: 1, undelivered: 0, files: 1 });
    expect(await store.getLead(id)).toMatchObject({ fields: {}, attachments: [], purgedAt: now });
    expect(await files.source(uploadId)).toBeUndefined();
  });

  test(`${engine.name}: a lead that never reached its destination is deleted with its files after the undelivered window, logged once without personal data`, async () => {
    const { store, files, insertInternshipWithResume, logger, logs } = await setup(engine.create);
    const { id, uploadId } = await insertInternshipWithResume();
    await store.markFailed(`${id}:email`, { attempts: 2000, nextAttemptAt: 0, error: 'ECONNREFUSED' });
    const day = 86_400_000;
    let now = 90 * day;
    const purge = new Purge({ store, files, purgeAfterDays: 30, undeliveredPurgeAfterDays: 90, logger, now: () => now });
    const counted = async () => (await register.getSingleMetric('leads_undelivered_purged_total')!.get()).values[0]?.value ?? 0;
    const before = await counted();
    expect(await purge.run()).toEqual({ leads: 0, undelivered: 0, files: 0 });
    expect(await store.getLead(id)).toBeDefined();

    now = 90 * day + 1;
    expect(await purge.run()).toEqual({ leads: 0, undelivered: 1, files: 1 });
    expect(await store.getLead(id)).toBeUndefined();
    expect(await files.source(uploadId)).toBeUndefined();
    expect(await counted()).toBe(before + 1);
    const errors = logs.lines.filter((line) => Number(line.level) >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      msg: 'undelivered leads deleted with their files: they never reached every destination',
      leads: 1,
      leadIds: [id],
      files: 1,
      afterDays: 90,
    });
    expect(JSON.stringify(logs.lines)).not.toMatch(/ivan@example\.ru|912 345|Резюме/);
  });

  test(`${engine.name}: a lead whose attachment is gone for good is mailed without it, saying what is missing, and the loss is logged`, async () => {
    const { store, putFile, mailTo, logger, logs } = await setup(engine.create);
    const smtp = await startSmtpReceiver();
    cleanups.push(smtp.close);
    const [kept, lost] = [randomUUID(), randomUUID()];
    await putFile(kept, '%PDF-1.4 смета');
    await store.saveUploads([{ id: kept, field: 'attachments', name: 'Смета.pdf', size: 14, type: 'application/pdf', createdAt: 1 }]);
    await store.saveUploads([{ id: lost, field: 'attachments', name: 'Макет.png', size: 99, type: 'image/png', createdAt: 1 }]);
    const { id } = await store.insertLead(
      {
        ...lead,
        uploads: [
          { field: 'attachments', id: kept },
          { field: 'attachments', id: lost },
        ],
      },
      ['email'],
    );
    const mail = mailTo(smtp.url);
    await outboxWith({ store, logger, senders: { email: mail } }).run();

    expect((await store.deliveriesOf(id))[0]?.deliveredAt).not.toBeNull();
    const message = smtp.messages[0]!;
    expect(message.attachments.map((file) => [file.filename, file.content.toString()])).toEqual([['Смета.pdf', '%PDF-1.4 смета']]);
    expect(message.text).toContain(`${MISSING_ATTACHMENTS_NOTE}: Макет.png`);
    expect(logs.lines.find((line) => line.msg === 'lead attachments are missing; the lead is sent without them')).toMatchObject({
      leadId: id,
      uploadIds: [lost],
    });
  });
}

test('an outbox run while the leads database is unreachable stops quietly, counts no attempt, and the schedule delivers once it is back', async () => {
  const database = await engines[0]!.create();
  cleanups.push(() => database.cleanup());
  const reachable = unreachableDatabase(database.open());
  const { logs, stream } = captureLogs();
  const logger = createLogger('info', stream);
  const store = new LeadStore(watchAvailability(reachable, new StoreAvailability(logger)));
  await store.migrate();
  const first = await store.insertLead(lead, ['webhook'], 1000);
  const second = await store.insertLead(lead, ['webhook'], 1000);
  let now = 2000;
  const sent: string[] = [];
  const outbox = outboxWith({
    store,
    logger,
    leaseMs: 60_000,
    now: () => now,
    senders: {
      webhook: async (stored) => {
        sent.push(stored.id);
        // The database goes away while the first lead is on its way to the CRM.
        if (sent.length === 1) reachable.down();
      },
    },
  });
  await outbox.run();
  await outbox.run();
  expect(sent).toHaveLength(1);

  reachable.up();
  now += 60_000;
  await outbox.run();
  // The lead sent when the database went away is sent again (the CRM dedupes by its id), the other once.
  expect(sent.toSorted()).toEqual([first.id, first.id, second.id].toSorted());
  for (const { id } of [first, second]) {
    expect(await store.deliveriesOf(id)).toMatchObject([{ attempts: 0, deliveredAt: now, lastError: null }]);
  }
  expect(logs.lines.filter((line) => Number(line.level) >= 40).map((line) => line.msg)).toEqual([
    'leads database unreachable: forms answer 503 until it is back',
  ]);
});
