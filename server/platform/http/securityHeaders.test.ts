import express from 'express';
import request from 'supertest';
import { expect, test } from 'vitest';
import { securityHeaders, withHttpsOnlyHeaders, withoutHttpsOnlyHeaders } from './securityHeaders.ts';

async function policy(config: { metrikaId?: string; yandexMapsApiKey?: string }) {
  const app = express();
  app.use(securityHeaders({ isProduction: true, metrikaId: config.metrikaId, yandexMapsApiKey: config.yandexMapsApiKey }));
  app.get('/', (_req, res) => res.send('ok'));
  const header = (await request(app).get('/')).headers['content-security-policy'] ?? '';
  return Object.fromEntries(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values]),
  );
}

test('without a counter or a maps key no third-party host is allowed', async () => {
  const csp = await policy({});
  const everything = Object.values(csp).flat().join(' ');
  expect(everything).not.toMatch(/yandex|yastatic|webvisor/);
  expect(csp['frame-src']).toEqual(["'none'"]);
});

test('with METRIKA_ID the tag and its hit hosts are allowed, and nothing of the maps', async () => {
  const csp = await policy({ metrikaId: '12345678' });
  expect(csp['script-src']).toEqual(expect.arrayContaining(['https://mc.yandex.ru', 'https://yastatic.net']));
  expect(csp['script-src']?.filter((source) => source.startsWith('https:'))).toEqual(['https://mc.yandex.ru', 'https://yastatic.net']);
  expect(csp['img-src']).toContain('https://mc.yandex.com');
  expect(csp['connect-src']).toEqual(expect.arrayContaining(['https://mc.yandex.ru', 'wss://mc.yandex.ru', 'https://mc.webvisor.org']));
  expect(csp['frame-src']).toEqual(['https://mc.yandex.ru']);
  expect(Object.values(csp).flat().join(' ')).not.toContain('api-maps');
});

test('with a maps key the Yandex Maps v3 loader, styles and tiles are allowed, and nothing of Metrika', async () => {
  const csp = await policy({ yandexMapsApiKey: 'key' });
  expect(csp['script-src']).toEqual(expect.arrayContaining(['https://api-maps.yandex.ru', 'https://*.api-maps.yandex.ru']));
  expect(csp['style-src-elem']).toContain('https://api-maps.yandex.ru');
  expect(csp['connect-src']).toContain('https://*.maps.yandex.net');
  expect(csp['img-src']).toContain('https://*.maps.yandex.net');
  expect(Object.values(csp).flat().join(' ')).not.toContain('mc.yandex');
});

test('a stored response keeps the plain-HTTP headers, and an HTTPS delivery adds HSTS and upgrade-insecure-requests to them', () => {
  const stored = withoutHttpsOnlyHeaders({
    'content-security-policy': "default-src 'self';upgrade-insecure-requests",
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
  });
  expect(stored).toEqual({ 'content-security-policy': "default-src 'self'", 'x-content-type-options': 'nosniff' });
  const list = ['Content-Security-Policy', "default-src 'self'", 'x-content-type-options', 'nosniff'];
  const secure = withHttpsOnlyHeaders(list);
  expect(secure).toEqual([
    'Content-Security-Policy',
    "default-src 'self';upgrade-insecure-requests",
    'x-content-type-options',
    'nosniff',
    'strict-transport-security',
    'max-age=31536000; includeSubDomains',
  ]);
  expect(withHttpsOnlyHeaders(list)).toBe(secure);
  expect(list).toHaveLength(4);
});
