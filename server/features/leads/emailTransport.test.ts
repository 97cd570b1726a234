import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startSmtpReceiver } from '../../../tests/forms/receivers.ts';
import { emailSender } from './email.ts';
import type { StoredLead } from './store.ts';
import { createLogger } from '../../platform/logging/logger.ts';
import { DiskUploadFiles } from './uploadFiles.ts';

// smtp:// must upgrade with STARTTLS: leads are personal data. The test's receiver offers none.

let dir: string;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'email-transport-'));
  smtp = await startSmtpReceiver();
});
afterAll(async () => {
  await smtp.close();
  await rm(dir, { recursive: true, force: true });
});

const lead: StoredLead = {
  id: '0b7e2f4c-1d2a-4c55-9a51-3c2f1e0d9b11',
  form: 'subscribe',
  createdAt: Date.UTC(2026, 0, 1),
  fields: { email: 'reader@example.ru', consent: true },
  page: '/blog/',
  utm: {},
  attachments: [],
  purgedAt: null,
  suspectedSpam: null,
};

const sender = (smtpUrl: string, allowPlaintext?: boolean) =>
  emailSender({
    smtpUrl,
    to: 'leads@verf.test',
    from: 'Сайт <noreply@verf.test>',
    messageIdDomain: 'verf.test',
    files: new DiskUploadFiles(dir),
    logger: createLogger('silent'),
    ...(allowPlaintext === undefined ? {} : { allowPlaintext }),
  });

test('an smtp:// server without STARTTLS gets no lead unless plain text is allowed', async () => {
  const strict = sender(smtp.url);
  await expect(strict(lead)).rejects.toThrow();
  strict.close();
  const urlCannotSwitchItOff = sender(`${smtp.url}?requireTLS=false&ignoreTLS=true`);
  await expect(urlCannotSwitchItOff(lead)).rejects.toThrow();
  urlCannotSwitchItOff.close();
  expect(smtp.messages).toHaveLength(0);

  const allowed = sender(smtp.url, true);
  await allowed(lead);
  allowed.close();
  expect(smtp.messages).toHaveLength(1);
});
