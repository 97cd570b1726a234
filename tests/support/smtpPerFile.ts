import { afterAll, beforeAll } from 'vitest';
import { startSmtpReceiver } from '../forms/receivers.ts';

export type SmtpReceiver = Awaited<ReturnType<typeof startSmtpReceiver>>;

/** A recording SMTP server for one test file's apps, and the environment that mails their leads to it. */
export function smtpPerFile(): { readonly receiver: () => SmtpReceiver; readonly env: () => Record<string, string> } {
  let smtp: SmtpReceiver | undefined;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const receiver = () => {
    if (smtp === undefined) throw new Error('the SMTP receiver starts in beforeAll');
    return smtp;
  };
  return {
    receiver,
    env: () => ({
      SMTP_URL: receiver().url,
      SMTP_ALLOW_PLAINTEXT: '1',
      LEADS_EMAIL_TO: 'leads@verf.test',
      LEADS_EMAIL_FROM: 'Верфь <noreply@verf.test>',
    }),
  };
}
