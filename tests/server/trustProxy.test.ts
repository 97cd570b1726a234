import request from 'supertest';
import { expect, test } from 'vitest';
import { leadsDataDirPerFile } from '../forms/fixtures.ts';
import { createTestApp } from '../support/testApp.ts';

const data = leadsDataDirPerFile();

const subscription = { email: 'reader@example.ru', consent: true, _fillMs: 9000 };

/** Three posts from the same socket, each claiming another client address. */
async function statusesWithForgedAddresses(env: Record<string, string>): Promise<number[]> {
  const { app } = await createTestApp({ LEADS_DATA_DIR: data().dir, FORMS_RATE_LIMIT: '2', ...env });
  const statuses: number[] = [];
  for (const forged of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
    statuses.push((await request(app).post('/api/forms/subscribe').set('X-Forwarded-For', forged).send(subscription)).status);
  }
  return statuses;
}

test('by default a forged X-Forwarded-For does not reset the form rate limit', async () => {
  expect(await statusesWithForgedAddresses({})).toEqual([201, 201, 429]);
});

test('the production default trusts no proxy either', async () => {
  expect(await statusesWithForgedAddresses({ NODE_ENV: 'production' })).toEqual([201, 201, 429]);
});

test('behind a trusted platform router (TRUST_PROXY=1) each forwarded client has its own limit', async () => {
  expect(await statusesWithForgedAddresses({ TRUST_PROXY: '1' })).toEqual([201, 201, 201]);
});

test('a proxy list trusts only the listed addresses (here the loopback the test connects from)', async () => {
  expect(await statusesWithForgedAddresses({ TRUST_PROXY: '127.0.0.1/32,::1' })).toEqual([201, 201, 201]);
  expect(await statusesWithForgedAddresses({ TRUST_PROXY: '10.0.0.0/8' })).toEqual([201, 201, 429]);
});
