import { expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ConfigError, ENV_VARIABLES, loadConfig } from './env.ts';

test('defaults give a working local configuration', () => {
  const config = loadConfig({});
  expect(config.port).toBe(3000);
  expect(config.publicBaseUrl).toBe('http://localhost:3000');
  expect(config.contentApiUrl).toBeUndefined();
  expect(config.webConcurrency).toBe(1);
  expect(config.maxConnections).toBe(1000);
});

test('MAX_CONNECTIONS sets the connection cap of each process', () => {
  expect(loadConfig({ MAX_CONNECTIONS: '250' }).maxConnections).toBe(250);
  expect(() => loadConfig({ MAX_CONNECTIONS: '0' })).toThrow(/^Invalid environment variable MAX_CONNECTIONS="0"/);
});

test('PAGE_CACHE_WARM_UP=0 turns the warm-up after a start off; it is on by default', () => {
  expect(loadConfig({})).toMatchObject({ pageCacheWarmUp: true });
  expect(loadConfig({ PAGE_CACHE_WARM_UP: '0' })).toMatchObject({ pageCacheWarmUp: false });
  expect(() => loadConfig({ PAGE_CACHE_WARM_UP: 'no' })).toThrow(/PAGE_CACHE_WARM_UP/);
});

test('SHUTDOWN_DRAIN_SECONDS: 5 s in production (the shipped probe), none elsewhere, and what it is set to', () => {
  expect(loadConfig({ NODE_ENV: 'production' }).shutdownDrainMs).toBe(5000);
  expect(loadConfig({ NODE_ENV: 'development' }).shutdownDrainMs).toBe(0);
  expect(loadConfig({ NODE_ENV: 'production', SHUTDOWN_DRAIN_SECONDS: '0' }).shutdownDrainMs).toBe(0);
  expect(loadConfig({ NODE_ENV: 'test', SHUTDOWN_DRAIN_SECONDS: '12' }).shutdownDrainMs).toBe(12_000);
  expect(() => loadConfig({ SHUTDOWN_DRAIN_SECONDS: '-1' })).toThrow(ConfigError);
});

test('IMAGE_COST_BUDGET sets the image budget of each process, and IMAGE_PREGENERATE=0 turns pre-generation off', () => {
  expect(loadConfig({}).imageCostBudget).toBe(16);
  expect(loadConfig({}).imagePregenerate).toBe(true);
  expect(loadConfig({ IMAGE_COST_BUDGET: '32', IMAGE_PREGENERATE: '0' })).toMatchObject({ imageCostBudget: 32, imagePregenerate: false });
  expect(() => loadConfig({ IMAGE_COST_BUDGET: '0' })).toThrow(/^Invalid environment variable IMAGE_COST_BUDGET="0"/);
  expect(() => loadConfig({ IMAGE_COST_BUDGET: 'lots' })).toThrow(/IMAGE_COST_BUDGET/);
  expect(() => loadConfig({ IMAGE_PREGENERATE: 'yes' })).toThrow(/IMAGE_PREGENERATE/);
});

test('a bad value names the variable and what it expects, in one line', () => {
  expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
  expect(() => loadConfig({ PORT: 'abc' })).toThrow(/^Invalid environment variable PORT="abc": expected .+$/);
  expect(() => loadConfig({ PUBLIC_BASE_URL: 'verf.digital' })).toThrow(
    /PUBLIC_BASE_URL="verf.digital": expected an absolute http\(s\) URL/,
  );
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
  expect(database).toMatch(/^Invalid environment variable DATABASE_URL="mysql:\/\/\*\*\*@db.internal\/leads": expected /);
  expect(database).not.toContain('s3cr3t-pass');
  const smtp = message({ SMTP_URL: 'smtp//mailer:hunter2@mail.example' });
  expect(smtp).toContain('SMTP_URL=');
  expect(smtp).not.toContain('hunter2');
  const secret = message({ LEADS_WEBHOOK_SECRET: 'short-secret' });
  expect(secret).toMatch(/^Invalid environment variable LEADS_WEBHOOK_SECRET=\(hidden, 12 characters\): expected /);
  expect(secret).not.toContain('short-secret');
});

test.each([
  ['DATABASE_URL', 'postgres://leads:pa/ss?w#rd@db.internal:5432/leads', ['pa/ss', 'w#rd', 'ss?w']],
  ['DATABASE_URL', 'postgres://leads:p@ss:x/w@db.internal/leads', ['p@ss', 'ss:x/w']],
  ['DATABASE_URL', 'mysql://db.internal/leads?password=hunter2', ['hunter2']],
  ['SMTP_URL', 'smtp:mailer:hunter2/x@mail.example', ['hunter2']],
  ['CONTENT_API_URL', 'http://editor:hunter2@cms.example/api', ['hunter2', 'editor']],
  ['CONTENT_API_URL', 'ftp://editor:hu/nter2@cms.example/api', ['hu/nter2', 'nter2']],
  ['LEADS_WEBHOOK_URL', 'https://crm.example/hook?token=hunter2', ['hunter2']],
])('the startup error masks every part of %s that may hold a secret (%s)', (name, value, secrets) => {
  let message = '';
  try {
    loadConfig({ [name]: value, ...(name === 'LEADS_WEBHOOK_URL' ? { LEADS_WEBHOOK_SECRET: 'short' } : {}) });
  } catch (error) {
    message = error instanceof Error ? error.message : String(error);
  }
  expect(message).toMatch(/^Invalid environment variable [A-Z_]+=/);
  for (const secret of secrets) expect(message).not.toContain(secret);
});

test('credentials in a URL the server requests stop start-up instead of reaching its logs', () => {
  expect(() => loadConfig({ CONTENT_API_URL: 'https://editor:hunter2@cms.example/api' })).toThrow(
    /^Invalid environment variable CONTENT_API_URL="https:\/\/\*\*\*@cms.example\/api": expected an http\(s\) URL without user:password@/,
  );
  expect(() => loadConfig({ CONTENT_API_URL: 'https://editor@cms.example/api' })).toThrow(/CONTENT_API_URL/);
  expect(loadConfig({ CONTENT_API_URL: 'https://cms.example/api' }).contentApiUrl).toBe('https://cms.example/api');
});

test('trailing slashes are removed from base URLs', () => {
  const config = loadConfig({ PUBLIC_BASE_URL: 'https://verf.digital/', CONTENT_API_URL: 'http://127.0.0.1:4000/api/' });
  expect(config.publicBaseUrl).toBe('https://verf.digital');
  expect(config.contentApiUrl).toBe('http://127.0.0.1:4000/api');
});

test('the revalidation secret and the metrics token are optional, at least 16 characters, and never printed', () => {
  expect(loadConfig({})).toMatchObject({ revalidateSecret: undefined, metricsToken: undefined });
  expect(loadConfig({ REVALIDATE_SECRET: 'a'.repeat(16), METRICS_TOKEN: 'b'.repeat(20) })).toMatchObject({
    revalidateSecret: 'a'.repeat(16),
    metricsToken: 'b'.repeat(20),
  });
  expect(() => loadConfig({ REVALIDATE_SECRET: 'short-secret' })).toThrow(
    /^Invalid environment variable REVALIDATE_SECRET=\(hidden, 12 characters\): expected .*16/,
  );
  expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/^Invalid environment variable METRICS_TOKEN=\(hidden, 5 characters\)/);
});

test('VITALS_SAMPLE_RATE is a share from 0 to 1, every page view by default; anything else stops start-up', () => {
  expect(loadConfig({}).vitalsSampleRate).toBe(1);
  expect(loadConfig({ VITALS_SAMPLE_RATE: '0.25' }).vitalsSampleRate).toBe(0.25);
  expect(loadConfig({ VITALS_SAMPLE_RATE: '0' }).vitalsSampleRate).toBe(0);
  for (const bad of ['1.5', '-0.1', 'half', '10%', ' ']) {
    expect(() => loadConfig({ VITALS_SAMPLE_RATE: bad }), bad).toThrow(
      `Invalid environment variable VITALS_SAMPLE_RATE=${JSON.stringify(bad)}: expected a number`,
    );
  }
});

test('the preview secret is optional, at least 32 characters, never printed; the content token is derived from it unless given', () => {
  expect(loadConfig({}).preview).toBeUndefined();
  const derived = loadConfig({ PREVIEW_SECRET: 'p'.repeat(32) }).preview;
  expect(derived?.secret).toBe('p'.repeat(32));
  expect(derived?.contentToken).toMatch(/^[0-9a-f]{64}$/);
  expect(derived?.contentToken).not.toContain('p'.repeat(32));
  expect(loadConfig({ PREVIEW_SECRET: 'p'.repeat(32), CONTENT_PREVIEW_TOKEN: 'c'.repeat(16) }).preview?.contentToken).toBe('c'.repeat(16));
  expect(() => loadConfig({ PREVIEW_SECRET: 'p'.repeat(31) })).toThrow(
    /^Invalid environment variable PREVIEW_SECRET=\(hidden, 31 characters\): expected .*32/,
  );
});

test('ALLOWED_ORIGINS adds integration origins after the site own origin; anything but an origin stops start-up', () => {
  const config = loadConfig({
    PUBLIC_BASE_URL: 'https://verf.digital/blog',
    ALLOWED_ORIGINS: 'https://CRM.example.ru, http://127.0.0.1:8080/',
  });
  expect(config.allowedOrigins).toEqual(['https://verf.digital', 'https://crm.example.ru', 'http://127.0.0.1:8080']);
  expect(loadConfig({}).allowedOrigins).toEqual(['http://localhost:3000']);
  expect(() => loadConfig({ ALLOWED_ORIGINS: 'https://crm.example.ru/hook' })).toThrow(
    /^Invalid environment variable ALLOWED_ORIGINS=.*expected comma-separated origins/,
  );
  expect(() => loadConfig({ ALLOWED_ORIGINS: '*' })).toThrow(/ALLOWED_ORIGINS/);
  expect(() => loadConfig({ ALLOWED_ORIGINS: 'ftp://files.example.ru' })).toThrow(/ALLOWED_ORIGINS/);
});

test('TRUST_PROXY is a hop count or a list of addresses and CIDRs; unset, nobody is trusted', () => {
  expect(loadConfig({}).trustProxy).toBe(false);
  expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
  expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5,fd00::/8,loopback' }).trustProxy).toEqual([
    '10.0.0.0/8',
    '192.168.1.5',
    'fd00::/8',
    'loopback',
  ]);
  for (const bad of ['true', 'yes', '10.0.0.0/33', '10.0.0.300', 'proxy.internal', '1,2']) {
    expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(
      /^Invalid environment variable TRUST_PROXY=.*expected a number of proxy hops/,
    );
  }
});

test('VARNISH_URLS lists the Varnish instances a publish purges; Fastly and Cloudflare need their ids', () => {
  expect(loadConfig({}).purgeTargets).toEqual({ varnishUrls: [], fastly: undefined, cloudflare: undefined });
  expect(loadConfig({ VARNISH_URLS: 'http://10.0.0.5:6081/, http://10.0.0.6:6081' }).purgeTargets.varnishUrls).toEqual([
    'http://10.0.0.5:6081',
    'http://10.0.0.6:6081',
  ]);
  expect(() => loadConfig({ VARNISH_URLS: 'http://10.0.0.5:6081,10.0.0.6' })).toThrow(
    /^Invalid environment variable VARNISH_URLS=.+"10\.0\.0\.6"/,
  );
  expect(() => loadConfig({ FASTLY_API_TOKEN: 'fastly-token-0123456789' })).toThrow(/FASTLY_SERVICE_ID/);
  expect(() => loadConfig({ CLOUDFLARE_API_TOKEN: 'cloudflare-token-0123456789', CLOUDFLARE_ZONE_ID: 'zone' })).toThrow(
    /CLOUDFLARE_ZONE_ID/,
  );
});

test('tracing is off unless OTEL_EXPORTER_OTLP_ENDPOINT names a collector; the standard OTEL_* variables are checked', () => {
  expect(loadConfig({}).tracing).toBeUndefined();
  expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318' }).tracing).toEqual({
    endpoint: 'http://otel-collector:4318',
    serviceName: 'agency-site',
    sampler: 'parentbased_always_on',
    samplerArg: 1,
    trustIncoming: false,
  });
  expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318', TRACE_TRUST_INCOMING: '1' }).tracing?.trustIncoming).toBe(
    true,
  );
  expect(() => loadConfig({ TRACE_TRUST_INCOMING: 'yes' })).toThrow(/^Invalid environment variable TRACE_TRUST_INCOMING=/);
  expect(
    loadConfig({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318',
      OTEL_SERVICE_NAME: 'verf-site',
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0.1',
    }).tracing,
  ).toMatchObject({ serviceName: 'verf-site', sampler: 'parentbased_traceidratio', samplerArg: 0.1 });
  expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'otel-collector:4318' })).toThrow(
    /^Invalid environment variable OTEL_EXPORTER_OTLP_ENDPOINT=/,
  );
  expect(() => loadConfig({ OTEL_TRACES_SAMPLER: 'sometimes' })).toThrow(/^Invalid environment variable OTEL_TRACES_SAMPLER=/);
  expect(() => loadConfig({ OTEL_TRACES_SAMPLER_ARG: '2' })).toThrow(/^Invalid environment variable OTEL_TRACES_SAMPLER_ARG=/);
  expect(() => loadConfig({ OTEL_SERVICE_NAME: 'agency site' })).toThrow(/^Invalid environment variable OTEL_SERVICE_NAME=/);
});

test('docs/configuration.md documents every variable the server reads, and no other', () => {
  const text = readFileSync(fileURLToPath(new URL('../../../docs/configuration.md', import.meta.url)), 'utf8');
  // The server's tables, before "Tools and tests" (variables of the test tooling, read elsewhere).
  const serverPart = text.slice(0, text.indexOf('## Tools and tests'));
  const documented = serverPart
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => {
      // `OTEL_TRACES_SAMPLER` / `_ARG` names two variables: a name starting with `_` extends the one before.
      const names = [...(line.split('|')[1] ?? '').matchAll(/`([A-Z_]+)`/g)].map((match) => match[1] ?? '');
      return names.map((name, index) => (name.startsWith('_') ? `${names[index - 1] ?? ''}${name}` : name));
    });
  expect([...documented].sort()).toEqual([...ENV_VARIABLES].sort());
});
