import { expect, test } from 'vitest';
import { PATHS } from '../paths.ts';
import { ConfigError, loadConfig } from './env.ts';

test('lead capture defaults: SQLite in data/, 5 files of 10 MiB, 3 s fill time, 30 days before the purge (90 undelivered), 1 GiB of uploads in all', () => {
  const config = loadConfig({});
  expect(config.leads).toMatchObject({
    databaseUrl: undefined,
    dataDir: PATHS.data,
    webhook: undefined,
    email: undefined,
    purgeAfterDays: 30,
    undeliveredPurgeAfterDays: 90,
  });
  expect(config.forms).toEqual({
    minFillMs: 3000,
    rateLimit: 20,
    rateWindowMs: 600_000,
    maxFiles: 5,
    maxFileBytes: 10 * 1024 * 1024,
    uploadQuotaBytes: 1024 * 1024 * 1024,
    clientUploadBytes: 60 * 1024 * 1024,
    clientUploadFiles: 20,
  });
});

test('a webhook needs its signing secret and e-mail delivery needs its recipients', () => {
  expect(() => loadConfig({ LEADS_WEBHOOK_URL: 'https://crm.example.ru/hook' })).toThrow(ConfigError);
  expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.ru:25' })).toThrow(/LEADS_EMAIL_TO/);
  const config = loadConfig({
    LEADS_WEBHOOK_URL: 'https://crm.example.ru/hook',
    LEADS_WEBHOOK_SECRET: '0123456789abcdef',
    SMTP_URL: 'smtps://user:pass@mail.example.ru:465',
    LEADS_EMAIL_TO: 'leads@verf.digital',
    PUBLIC_BASE_URL: 'https://verf.digital',
  });
  expect(config.leads.webhook).toEqual({ url: 'https://crm.example.ru/hook', secret: '0123456789abcdef' });
  expect(config.leads.email).toEqual({
    smtpUrl: 'smtps://user:pass@mail.example.ru:465',
    to: 'leads@verf.digital',
    from: 'Сайт <noreply@verf.digital>',
    allowPlaintext: false,
  });
});

test('undelivered leads are kept no shorter than delivered ones: a shorter window stops start-up naming both variables', () => {
  expect(loadConfig({ LEADS_PURGE_DAYS: '60', LEADS_UNDELIVERED_PURGE_DAYS: '60' }).leads.undeliveredPurgeAfterDays).toBe(60);
  expect(() => loadConfig({ LEADS_UNDELIVERED_PURGE_DAYS: '14' })).toThrow(
    /^Invalid environment variable LEADS_UNDELIVERED_PURGE_DAYS=14: expected at least LEADS_PURGE_DAYS \(30\)/,
  );
  expect(() => loadConfig({ LEADS_UNDELIVERED_PURGE_DAYS: '0' })).toThrow(/LEADS_UNDELIVERED_PURGE_DAYS/);
  expect(() => loadConfig({ LEADS_UNDELIVERED_PURGE_DAYS: 'ninety' })).toThrow(/LEADS_UNDELIVERED_PURGE_DAYS/);
});

test('bad lead capture settings stop start-up naming the variable', () => {
  expect(() => loadConfig({ DATABASE_URL: 'mysql://db/leads' })).toThrow(/DATABASE_URL/);
  expect(() => loadConfig({ LEADS_OUTBOX_CRON: 'every minute' })).toThrow(/LEADS_OUTBOX_CRON/);
  expect(() => loadConfig({ UPLOAD_MAX_FILES: '0' })).toThrow(/UPLOAD_MAX_FILES/);
  expect(() => loadConfig({ LEADS_WEBHOOK_URL: 'https://crm.example.ru/hook', LEADS_WEBHOOK_SECRET: 'short' })).toThrow(
    /LEADS_WEBHOOK_SECRET/,
  );
});

test.each([
  ['smtps://mailer:pass@mail.example.ru:465?tls.rejectUnauthorized=false', 'tls.rejectUnauthorized'],
  ['smtps://mail.example.ru:465?TLS.REJECTUNAUTHORIZED=false', 'TLS.REJECTUNAUTHORIZED'],
  ['smtps://mail.example.ru:465?secure=false', 'secure'],
  ['smtp://mail.example.ru:587?ignoreTLS=true', 'ignoreTLS'],
  ['smtp://mail.example.ru:587?requireTLS=false', 'requireTLS'],
  ['smtp://mail.example.ru:587?logger=true&debug=true', 'logger, debug'],
  ['smtp://mail.example.ru:587?proxy=http://proxy.example:3128', 'proxy'],
  ['smtps://mail.example.ru:465?pool=true', 'pool'],
])('an SMTP_URL with a query parameter (%s) stops start-up with one line naming it', (smtpUrl, names) => {
  let message = '';
  try {
    loadConfig({ SMTP_URL: smtpUrl, LEADS_EMAIL_TO: 'leads@verf.digital' });
  } catch (error) {
    message = (error as Error).message;
  }
  expect(message).toMatch(/^Invalid environment variable SMTP_URL=/);
  expect(message).toContain(`without parameters (${names})`);
  expect(message).not.toContain('\n');
  // The password is masked in the line, as in every URL value.
  expect(message).not.toContain('mailer:pass');
});

test('an SMTP_URL is host, port, credentials and the TLS mode of its scheme: no path or fragment either', () => {
  expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.ru:587/x', LEADS_EMAIL_TO: 'leads@verf.digital' })).toThrow(
    /^Invalid environment variable SMTP_URL=.*with no path, query or fragment/,
  );
  expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.ru:587?', LEADS_EMAIL_TO: 'leads@verf.digital' })).toThrow(/SMTP_URL/);
  expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.ru:587#x', LEADS_EMAIL_TO: 'leads@verf.digital' })).toThrow(/SMTP_URL/);
  for (const smtpUrl of ['smtps://mailer:p%40ss@mail.example.ru:465', 'smtp://mail.example.ru:587/', 'smtp://mail.example.ru']) {
    expect(loadConfig({ SMTP_URL: smtpUrl, LEADS_EMAIL_TO: 'leads@verf.digital' }).leads.email?.smtpUrl).toBe(smtpUrl);
  }
});

test('in production the webhook gets leads over https://, plain http:// only to this machine', () => {
  const production = { NODE_ENV: 'production', LEADS_WEBHOOK_SECRET: '0123456789abcdef' };
  expect(() => loadConfig({ ...production, LEADS_WEBHOOK_URL: 'http://crm.example.ru/hook' })).toThrow(
    /^Invalid environment variable LEADS_WEBHOOK_URL="http:\/\/crm.example.ru\/hook": expected an https:\/\/ URL in production/,
  );
  expect(() => loadConfig({ ...production, LEADS_WEBHOOK_URL: 'http://127.0.0.1.evil.example/hook' })).toThrow(/LEADS_WEBHOOK_URL/);
  for (const url of ['https://crm.example.ru/hook', 'http://127.0.0.1:8080/hook', 'http://localhost/hook', 'http://[::1]:8080/hook']) {
    expect(loadConfig({ ...production, LEADS_WEBHOOK_URL: url }).leads.webhook?.url).toBe(url);
  }
  expect(loadConfig({ LEADS_WEBHOOK_SECRET: '0123456789abcdef', LEADS_WEBHOOK_URL: 'http://crm.example.ru/hook' }).leads.webhook?.url).toBe(
    'http://crm.example.ru/hook',
  );
});
