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

test('trailing slashes are removed from base URLs', () => {
  const config = loadConfig({ PUBLIC_BASE_URL: 'https://verf.digital/', CONTENT_API_URL: 'http://127.0.0.1:4000/api/' });
  expect(config.publicBaseUrl).toBe('https://verf.digital');
  expect(config.contentApiUrl).toBe('http://127.0.0.1:4000/api');
});
