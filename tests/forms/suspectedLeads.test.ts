import request from 'supertest';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SUSPECTED_SUBJECT_PREFIX, type LeadPayload } from '../../server/features/leads/leadMessage.ts';
import { createTestApp } from '../support/testApp.ts';
import { smtpPerFile } from '../support/smtpPerFile.ts';
import { eventually, startWebhookReceiver } from './receivers.ts';
import { leadsDataDirPerFile, validRequest } from './fixtures.ts';

/**
 * Every lead reaches the agency (decision 039): a post sent faster than people fill the form is
 * delivered like any other, marked as suspected where the agency reads it.
 */
const data = leadsDataDirPerFile();
const mail = smtpPerFile();
let webhook: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  webhook = await startWebhookReceiver();
});
afterAll(async () => {
  await webhook.close();
});

const appWithDestinations = () =>
  createTestApp({
    LEADS_DATA_DIR: data().dir,
    FORMS_RATE_LIMIT: '1000',
    ...mail.env(),
    LEADS_WEBHOOK_URL: webhook.url,
    LEADS_WEBHOOK_SECRET: 'suspected-leads-test-secret',
  });

const mailOf = (id: string) => mail.receiver().messages.find((mail) => mail.headers.get('x-lead-id') === id);
const payloadOf = (id: string) => webhook.calls.map((call) => JSON.parse(call.body) as LeadPayload).find((payload) => payload.id === id);

test('a request sent faster than the minimum fill time reaches the inbox and the CRM, marked as suspected', async () => {
  const { app } = await appWithDestinations();
  const fast = await request(app)
    .post('/api/forms/request')
    .send({ ...validRequest(), _fillMs: 800 });
  expect(fast.status).toBe(201);
  const id = fast.body.id as string;
  await eventually(() => mailOf(id) !== undefined && payloadOf(id) !== undefined);
  expect(mailOf(id)!.subject).toMatch(/^\[Возможно спам\] Заявка на проект с сайта \(/);
  expect(SUSPECTED_SUBJECT_PREFIX).toBe('[Возможно спам]');
  expect(mailOf(id)!.text).toContain('Возможно, спам');
  expect(mailOf(id)!.text).toContain('Иван Петров');
  expect(payloadOf(id)).toMatchObject({ suspectedSpam: 'too fast', fields: { name: 'Иван Петров' } });
  // No confirmation goes to an address a bot may have typed.
  expect(mail.receiver().messages.filter((mail) => mail.headers.get('x-lead-id') === id)).toHaveLength(1);
});

test('a request filled at the pace of a person is delivered unmarked', async () => {
  const { app } = await appWithDestinations();
  const person = await request(app).post('/api/forms/request').send(validRequest());
  expect(person.status).toBe(201);
  const id = person.body.id as string;
  await eventually(() => mailOf(id) !== undefined && payloadOf(id) !== undefined);
  expect(mailOf(id)!.subject).not.toContain(SUSPECTED_SUBJECT_PREFIX);
  expect(mailOf(id)!.text).not.toContain('Возможно, спам');
  expect(payloadOf(id)?.suspectedSpam).toBeNull();
});

test('a post that filled the honeypot is answered like any other and reaches no one', async () => {
  const { app } = await appWithDestinations();
  const bot = await request(app)
    .post('/api/forms/request')
    .send({ ...validRequest(), website: 'http://spam.example' });
  expect(bot.status).toBe(201);
  const person = await request(app).post('/api/forms/request').send(validRequest());
  // Delivered in the order stored: once the later lead has arrived, the earlier one would have too.
  await eventually(() => mailOf(person.body.id as string) !== undefined && payloadOf(person.body.id as string) !== undefined);
  expect(mailOf(bot.body.id as string)).toBeUndefined();
  expect(payloadOf(bot.body.id as string)).toBeUndefined();
  expect(
    (
      await data()
        .store()
        .getLead(bot.body.id as string)
    )?.suspectedSpam,
  ).toBe('honeypot');
});
