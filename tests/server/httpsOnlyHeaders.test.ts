import request from 'supertest';
import { expect, test } from 'vitest';
import { createTestApp } from '../support/testApp.ts';

// RFC 6797 §7.2: no HSTS over plain HTTP; `upgrade-insecure-requests` would break every navigation
// after the first of a site served over plain HTTP in WebKit. The scheme is the request's own
// (TRUST_PROXY decides whether X-Forwarded-Proto is believed), at delivery: the page cache keeps
// one copy for both schemes.

type App = Awaited<ReturnType<typeof createTestApp>>['app'];

/** GETs `path` until the page cache answers it (a render stores it once its response is over). */
async function untilHit(app: App, path: string, headers: Record<string, string> = {}) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await request(app).get(path).set(headers);
    if (response.headers['x-cache'] === 'HIT') return response;
  }
  throw new Error(`${path} never came from the page cache`);
}

const HTTPS = { 'x-forwarded-proto': 'https' };

function httpsOnly(response: request.Response) {
  const policy = String(response.headers['content-security-policy'] ?? '');
  return {
    hsts: response.headers['strict-transport-security'],
    upgrade: policy.split(';').some((directive) => directive.trim() === 'upgrade-insecure-requests'),
    policy,
  };
}

test('over plain HTTP neither HSTS nor upgrade-insecure-requests, on a fresh render and on a page-cache hit', async () => {
  const { app } = await createTestApp({ NODE_ENV: 'production', PAGE_CACHE_MAX_MB: '16' });
  const fresh = await request(app).get('/contacts/');
  expect(fresh.status).toBe(200);
  expect(fresh.headers['x-cache']).not.toBe('HIT');
  expect(httpsOnly(fresh)).toMatchObject({ hsts: undefined, upgrade: false });
  expect(httpsOnly(fresh).policy).toContain("default-src 'self'");
  const hit = await untilHit(app, '/contacts/');
  expect(httpsOnly(hit)).toMatchObject({ hsts: undefined, upgrade: false });
  // Not behind a trusted proxy: a client's own X-Forwarded-Proto changes nothing.
  expect(httpsOnly(await request(app).get('/contacts/').set(HTTPS))).toMatchObject({ hsts: undefined, upgrade: false });
  expect(httpsOnly(await request(app).get('/api/no-such-endpoint').set(HTTPS))).toMatchObject({ hsts: undefined, upgrade: false });
});

test('behind a trusted proxy with X-Forwarded-Proto: https both, on a fresh render and on a hit, whichever scheme stored the page', async () => {
  const { app } = await createTestApp({ NODE_ENV: 'production', PAGE_CACHE_MAX_MB: '16', TRUST_PROXY: 'loopback' });
  // Rendered for HTTPS, then served to HTTPS and to HTTP from the cache.
  const fresh = await request(app).get('/contacts/').set(HTTPS);
  expect(fresh.headers['x-cache']).not.toBe('HIT');
  expect(httpsOnly(fresh)).toMatchObject({ hsts: 'max-age=31536000; includeSubDomains', upgrade: true });
  expect(httpsOnly(await untilHit(app, '/contacts/', HTTPS))).toMatchObject({ hsts: 'max-age=31536000; includeSubDomains', upgrade: true });
  expect(httpsOnly(await untilHit(app, '/contacts/', { 'x-forwarded-proto': 'http' }))).toMatchObject({ hsts: undefined, upgrade: false });
  // Rendered for HTTP, then served to HTTPS from the cache; a 304 too.
  const plain = await request(app).get('/about/');
  expect(httpsOnly(plain)).toMatchObject({ hsts: undefined, upgrade: false });
  const secureHit = await untilHit(app, '/about/', HTTPS);
  expect(httpsOnly(secureHit)).toMatchObject({ hsts: 'max-age=31536000; includeSubDomains', upgrade: true });
  const notModified = await request(app)
    .get('/about/')
    .set({ ...HTTPS, 'if-none-match': String(secureHit.headers.etag) });
  expect(notModified.status).toBe(304);
  expect(httpsOnly(notModified)).toMatchObject({ hsts: 'max-age=31536000; includeSubDomains', upgrade: true });
  // Not a page: the same rule.
  expect(httpsOnly(await request(app).get('/api/no-such-endpoint').set(HTTPS)).hsts).toBe('max-age=31536000; includeSubDomains');
});

test('every answer denies the browser features the site never uses, on a render and on a hit', async () => {
  const { app } = await createTestApp({ PAGE_CACHE_MAX_MB: '16' });
  for (const response of [await request(app).get('/contacts/'), await untilHit(app, '/contacts/')]) {
    const policy = String(response.headers['permissions-policy']);
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(policy).toContain(`${feature}=()`);
    // Yandex Maps and Metrika need none of the denied features; fullscreen stays the page's.
    expect(policy).not.toContain('fullscreen');
  }
});
