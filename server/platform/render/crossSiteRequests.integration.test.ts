import request from 'supertest';
import { expect, test } from 'vitest';
import { FILES, leadsDataDirPerFile, postWithoutJavaScript } from '../../../tests/forms/fixtures.ts';
import { createTestApp } from '../../../tests/support/testApp.ts';
import { CROSS_SITE_TEXT } from './crossSiteRequests.ts';

const data = leadsDataDirPerFile();

const appWith = (env: Record<string, string> = {}) => createTestApp({ LEADS_DATA_DIR: data().dir, FORMS_RATE_LIMIT: '1000', ...env });
const subscription = () => ({ email: 'reader@example.ru', consent: true, _fillMs: 9000 });

test('a subscription posted from another site is refused with 403 in Russian and not stored', async () => {
  const { app } = await appWith();
  expect((await request(app).post('/api/forms/subscribe').send(subscription())).status).toBe(201);
  const before = await data().store().countLeads();
  const response = await request(app)
    .post('/api/forms/subscribe')
    .set('Origin', 'https://evil.example')
    .set('Sec-Fetch-Site', 'cross-site')
    .set('Accept', 'application/json')
    .send(subscription());
  expect(response.status).toBe(403);
  expect(response.body).toEqual({ error: CROSS_SITE_TEXT });
  expect(response.headers['cache-control']).toBe('no-store');
  expect(await data().store().countLeads()).toBe(before);
});

test('an upload from another site is refused, by Origin or, without one, by Sec-Fetch-Site', async () => {
  const { app } = await appWith();
  const byOrigin = await request(app).post('/api/upload').set('Origin', 'https://evil.example').attach('files', FILES.pdf, 'a.pdf');
  expect(byOrigin.status).toBe(403);
  const byFetchMetadata = await request(app).post('/api/upload').set('Sec-Fetch-Site', 'cross-site').attach('files', FILES.pdf, 'a.pdf');
  expect(byFetchMetadata.status).toBe(403);
  expect(byFetchMetadata.body.error).toBe(CROSS_SITE_TEXT);
});

test('a form posted without JavaScript from another site gets the site error page, not a lead', async () => {
  const { app } = await appWith();
  const response = await postWithoutJavaScript(app, 'subscribe')
    .set('Origin', 'https://evil.example')
    .send({ email: 'reader@example.ru', consent: 'on', _startedAt: String(Date.now() - 60_000) });
  expect(response.status).toBe(403);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  expect(response.text).toContain('<html lang="ru">');
  expect(response.text).toContain(CROSS_SITE_TEXT);
});

test('Origin: null (a sandboxed frame, a data: page) is not the site', async () => {
  const { app } = await appWith();
  const response = await request(app).post('/api/forms/subscribe').set('Origin', 'null').send(subscription());
  expect(response.status).toBe(403);
});

test('the site itself, an allowed integration and a client that sends no Origin (curl, a CRM) are accepted', async () => {
  const { app } = await appWith({ ALLOWED_ORIGINS: 'https://crm.example.ru' });
  const own = await request(app)
    .post('/api/forms/subscribe')
    .set('Origin', 'https://verf.test')
    .set('Sec-Fetch-Site', 'same-origin')
    .send(subscription());
  expect(own.status).toBe(201);
  const integration = await request(app).post('/api/forms/subscribe').set('Origin', 'https://crm.example.ru').send(subscription());
  expect(integration.status).toBe(201);
  const withoutOrigin = await request(app).post('/api/forms/subscribe').send(subscription());
  expect(withoutOrigin.status).toBe(201);
  const sameSiteMetadata = await request(app).post('/api/forms/subscribe').set('Sec-Fetch-Site', 'same-origin').send(subscription());
  expect(sameSiteMetadata.status).toBe(201);
});

test('every state-changing method anywhere is refused cross-site; reading pages is not', async () => {
  const { app } = await appWith();
  for (const method of ['post', 'put', 'patch', 'delete'] as const) {
    const response = await request(app)[method]('/about/').set('Origin', 'https://evil.example');
    expect(response.status, method).toBe(403);
  }
  const page = await request(app).get('/about/').set('Origin', 'https://evil.example').set('Sec-Fetch-Site', 'cross-site');
  expect(page.status).toBe(200);
});

test('with a localhost base URL, the same port on a loopback address is the same site; another port is not', async () => {
  const { app } = await appWith({ PUBLIC_BASE_URL: 'http://localhost:3000' });
  const loopback = await request(app).post('/api/forms/subscribe').set('Origin', 'http://127.0.0.1:3000').send(subscription());
  expect(loopback.status).toBe(201);
  const otherPort = await request(app).post('/api/forms/subscribe').set('Origin', 'http://127.0.0.1:4000').send(subscription());
  expect(otherPort.status).toBe(403);
  const otherHost = await request(app)
    .post('/api/forms/subscribe')
    .set('Origin', 'http://localhost.evil.example:3000')
    .send(subscription());
  expect(otherHost.status).toBe(403);
});
