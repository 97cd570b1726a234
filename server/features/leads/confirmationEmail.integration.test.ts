import request from 'supertest';
import type { ParsedMail } from 'mailparser';
import { expect, test } from 'vitest';
import { eventually } from '../../../tests/forms/receivers.ts';
import { leadsDataDirPerFile, postWithScript, validRequest } from '../../../tests/forms/fixtures.ts';
import { smtpPerFile } from '../../../tests/support/smtpPerFile.ts';
import { createTestApp } from '../../../tests/support/testApp.ts';
import type { Transporter } from 'nodemailer';
import { createLogger } from '../../platform/logging/logger.ts';
import { confirmationSender } from './confirmationEmail.ts';
import { requestNumber } from './leadMessage.ts';
import type { StoredLead } from './store.ts';

const data = leadsDataDirPerFile();
const smtp = smtpPerFile();
const appWithMail = () => createTestApp({ LEADS_DATA_DIR: data().dir, FORMS_RATE_LIMIT: '1000', ...smtp.env() });

const to = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to : [mail.to]).flatMap((address) => address?.value ?? []);

test('a stored request mails the visitor a confirmation in Russian with its request number, after the answer', async () => {
  const { app } = await appWithMail();
  const response = await postWithScript(app, 'request').send({ ...validRequest(), email: 'ivan@xn--80a1acny.xn--p1ai' });
  expect(response.status).toBe(201);
  const number = requestNumber(response.body.id as string);
  const forVisitor = () => smtp.receiver().messages.find((mail) => to(mail).some((address) => address.address === 'ivan@почта.рф'));
  await eventually(() => forVisitor() !== undefined);
  const mail = forVisitor()!;
  expect(mail.subject).toBe(`Заявка № ${number} получена`);
  expect(mail.text).toContain(`её номер — ${number}`);
  expect(mail.text).toContain('Руководитель проектов свяжется с вами в течение рабочего дня');
  // Nothing the visitor typed goes to the address they typed.
  expect(mail.text).not.toContain('Иван');
  expect(mail.text).not.toContain('чая');
  await eventually(async () =>
    (
      await data()
        .store()
        .deliveriesOf(response.body.id as string)
    ).every((delivery) => delivery.deliveredAt !== null),
  );
  expect(
    (
      await data()
        .store()
        .deliveriesOf(response.body.id as string)
    ).map((delivery) => delivery.destination),
  ).toEqual(['confirmation', 'email']);
});

test('a subscription, which promises no e-mail, sends none to the visitor', async () => {
  const { app } = await appWithMail();
  const response = await request(app).post('/api/forms/subscribe').send({ email: 'reader@example.ru', consent: true, _fillMs: 9000 });
  expect(response.status).toBe(201);
  expect(
    (
      await data()
        .store()
        .deliveriesOf(response.body.id as string)
    ).map((delivery) => delivery.destination),
  ).toEqual(['email']);
});

test('an address the mail server refuses for good ends the confirmation; a passing refusal is retried', async () => {
  const failingWith = (responseCode: number) =>
    confirmationSender({
      transport: { sendMail: () => Promise.reject(Object.assign(new Error('refused'), { responseCode })) } as unknown as Transporter,
      from: 'noreply@verf.test',
      messageIdDomain: 'verf.test',
      siteUrl: 'https://verf.test',
      logger: createLogger('silent'),
    });
  const lead: StoredLead = {
    id: '0b7e2f4c-1d2a-4c55-9a51-3c2f1e0d9b11',
    form: 'request',
    createdAt: 0,
    fields: { email: 'typo@example.ru' },
    page: null,
    utm: {},
    attachments: [],
    purgedAt: null,
    suspectedSpam: null,
  };
  await expect(failingWith(550)(lead)).resolves.toBeUndefined();
  await expect(failingWith(421)(lead)).rejects.toThrow('refused');
});
