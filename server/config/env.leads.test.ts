import { expect, test } from 'vitest';
import { PATHS } from '../paths.ts';
import { ConfigError, loadConfig } from './env.ts';

test('lead capture defaults: SQLite in data/, 5 files of 10 MiB, 3 s fill time, 30 days before the purge, 1 GiB of uploads in all', () => {
  const config = loadConfig({});
  expect(config.leads).toMatchObject({
    databaseUrl: undefined,
    dataDir: PATHS.data,
    webhook: undefined,
    email: undefined,
    purgeAfterDays: 30,
  });
  expect(config.forms).toEqual({
    minFillMs: 3000,
    rateLimit: 20,
    rateWindowMs: 600_000,
    maxFiles: 5,
    maxFileBytes: 10 * 1024 * 1024,
    uploadQuotaBytes: 1024 * 1024 * 1024,
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

test('bad lead capture settings stop start-up naming the variable', () => {
  expect(() => loadConfig({ DATABASE_URL: 'mysql://db/leads' })).toThrow(/DATABASE_URL/);
  expect(() => loadConfig({ LEADS_OUTBOX_CRON: 'every minute' })).toThrow(/LEADS_OUTBOX_CRON/);
  expect(() => loadConfig({ UPLOAD_MAX_FILES: '0' })).toThrow(/UPLOAD_MAX_FILES/);
  expect(() => loadConfig({ LEADS_WEBHOOK_URL: 'https://crm.example.ru/hook', LEADS_WEBHOOK_SECRET: 'short' })).toThrow(
    /LEADS_WEBHOOK_SECRET/,
  );
});
