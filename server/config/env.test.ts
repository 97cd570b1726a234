import { expect, test } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

test('defaults give a working local configuration', () => {
  const config = loadConfig({});
  expect(config.port).toBe(3000);
  expect(config.publicBaseUrl).toBe('http://localhost:3000');
  expect(config.contentApiUrl).toBeUndefined();
  expect(config.webConcurrency).toBe(1);
});

test('a bad value names the variable and what it expects, in one line', () => {
  expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
  expect(() => loadConfig({ PORT: 'abc' })).toThrow(/^Invalid environment variable PORT="abc": expected .+$/);
  expect(() => loadConfig({ PUBLIC_BASE_URL: 'verf.digital' })).toThrow(/PUBLIC_BASE_URL="verf.digital": expected an absolute http\(s\) URL/);
  expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
});

test('the startup error never prints a secret or a connection password', () => {
  const message = (env: NodeJS.ProcessEnv) => {
    try {
      loadConfig(env);
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
    throw new Error('the configuration was accepted');
  };
  const database = message({ DATABASE_URL: 'mysql://leads:s3cr3t-pass@db.internal/leads' });
  expect(database).toMatch(/^Invalid environment variable DATABASE_URL="mysql:\/\/leads:\*\*\*@db.internal\/leads": expected /);
  expect(database).not.toContain('s3cr3t-pass');
  const smtp = message({ SMTP_URL: 'smtp//mailer:hunter2@mail.example' });
  expect(smtp).toContain('SMTP_URL=');
  expect(smtp).not.toContain('hunter2');
  const secret = message({ LEADS_WEBHOOK_SECRET: 'short-secret' });
  expect(secret).toMatch(/^Invalid environment variable LEADS_WEBHOOK_SECRET=\(hidden, 12 characters\): expected /);
  expect(secret).not.toContain('short-secret');
});

test('trailing slashes are removed from base URLs', () => {
  const config = loadConfig({ PUBLIC_BASE_URL: 'https://verf.digital/', CONTENT_API_URL: 'http://127.0.0.1:4000/api/' });
  expect(config.publicBaseUrl).toBe('https://verf.digital');
  expect(config.contentApiUrl).toBe('http://127.0.0.1:4000/api');
});

test('the revalidation secret and the metrics token are optional, at least 16 characters, and never printed', () => {
  expect(loadConfig({})).toMatchObject({ revalidateSecret: undefined, metricsToken: undefined });
  expect(loadConfig({ REVALIDATE_SECRET: 'a'.repeat(16), METRICS_TOKEN: 'b'.repeat(20) })).toMatchObject({ revalidateSecret: 'a'.repeat(16), metricsToken: 'b'.repeat(20) });
  expect(() => loadConfig({ REVALIDATE_SECRET: 'short-secret' })).toThrow(/^Invalid environment variable REVALIDATE_SECRET=\(hidden, 12 characters\): expected .*16/);
  expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/^Invalid environment variable METRICS_TOKEN=\(hidden, 5 characters\)/);
});
