import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { expect, test } from 'vitest';
import { leadsDataDirPerFile } from '../forms/fixtures.ts';
import { createTestApp } from '../support/testApp.ts';
import { ROOT_DIR } from '../../server/platform/paths.ts';

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

/** Posts through a CDN edge and a load balancer: the visitor's address, then the edge's. */
async function statusesBehindOneCdnEdge(env: Record<string, string>): Promise<number[]> {
  const { app } = await createTestApp({ LEADS_DATA_DIR: data().dir, FORMS_RATE_LIMIT: '2', ...env });
  const statuses: number[] = [];
  for (const visitor of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
    statuses.push(
      (await request(app).post('/api/forms/subscribe').set('X-Forwarded-For', `203.0.113.9, ${visitor}, 192.0.2.50`).send(subscription))
        .status,
    );
  }
  return statuses;
}

test('behind a CDN and a load balancer (TRUST_PROXY=2) visitors of one CDN edge have limits of their own; a forged entry changes nothing', async () => {
  expect(await statusesBehindOneCdnEdge({ TRUST_PROXY: '2' })).toEqual([201, 201, 201]);
  expect(await statusesBehindOneCdnEdge({ TRUST_PROXY: '1' })).toEqual([201, 201, 429]);
});

test('the Procfile, docs/deploy.md and docs/configuration.md agree on TRUST_PROXY', () => {
  const procfile = readFileSync(path.join(ROOT_DIR, 'Procfile'), 'utf8').trim();
  const deploy = readFileSync(path.join(ROOT_DIR, 'docs/deploy.md'), 'utf8');
  const configuration = readFileSync(path.join(ROOT_DIR, 'docs/configuration.md'), 'utf8');
  // No proxy unless the platform's configuration names one: an instance reached directly never believes a forged header.
  expect(procfile).toMatch(/^web: .*TRUST_PROXY=\$\{TRUST_PROXY:-0\} /);
  // The deploy guide quotes the Procfile line as it is, and both documents give the reference
  // arrangement (CDN → load balancer) its two hops.
  expect(deploy).toContain(`\`\`\`\n${procfile}\n\`\`\``);
  expect(deploy).toMatch(/CDN → load balancer or platform router → instance \(the reference\) \| 2 +\| `2`/);
  expect(configuration).toMatch(/CDN → load balancer \(`docs\/deploy.md`\): `2`/);
  expect(configuration).toMatch(/`1` \(the `Procfile` trusts none unless told\)/);
  expect(deploy).toMatch(/\| the instance reached directly \(no proxy\) +\| 0 +\| unset or `0` \(the default, the `Procfile`'s too\)/);
});
