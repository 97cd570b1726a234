import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { cloudflarePurger } from './cloudflarePurger.ts';
import { configuredPurgers } from './configuredPurgers.ts';
import { fastlyPurger } from './fastlyPurger.ts';

interface Received {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: unknown;
}

const servers: { close(): void }[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

/** A local stand-in for a CDN's API: records each request and answers `reply`. */
async function fakeApi(reply: (received: Received) => { status: number; body: unknown }) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += String(chunk)));
    req.on('end', () => {
      const entry = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: text === '' ? undefined : (JSON.parse(text) as unknown),
      };
      received.push(entry);
      const answer = reply(entry);
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

test('Fastly is asked, through its SDK, for a soft purge of the surrogate keys of the service', async () => {
  const api = await fakeApi(() => ({ status: 200, body: { 'articles:a': '108-1', articles: '108-2' } }));
  await fastlyPurger({ apiToken: 'fastly-token-0123456789', serviceId: 'SU1Z0isxPaozGVKXdv0eY', baseUrl: api.url }).invalidateTags([
    'articles:a',
    'articles',
  ]);
  expect(api.received).toHaveLength(1);
  const [request] = api.received;
  expect(request).toMatchObject({
    method: 'POST',
    url: '/service/SU1Z0isxPaozGVKXdv0eY/purge',
    body: { surrogate_keys: ['articles:a', 'articles'] },
  });
  expect(request!.headers['fastly-key']).toBe('fastly-token-0123456789');
  expect(request!.headers['fastly-soft-purge']).toBe('1');
});

test('Cloudflare is asked, through its SDK, to purge the cache tags of the zone, 30 at most per call', async () => {
  const api = await fakeApi(() => ({ status: 200, body: { success: true, errors: [], messages: [], result: { id: 'purge' } } }));
  const zoneId = '023e105f4ecef8ad9ca31a8372d0c353';
  const tags = Array.from({ length: 31 }, (_, index) => `articles:a${index}`);
  await cloudflarePurger({ apiToken: 'cloudflare-token-0123456789', zoneId, baseUrl: api.url }).invalidateTags(tags);
  expect(api.received.map(({ method, url }) => `${method} ${url}`)).toEqual([
    `POST /zones/${zoneId}/purge_cache`,
    `POST /zones/${zoneId}/purge_cache`,
  ]);
  expect(api.received.flatMap(({ body }) => (body as { tags: string[] }).tags)).toEqual(tags);
  expect(api.received[0]!.headers.authorization).toBe('Bearer cloudflare-token-0123456789');
});

test('a purge the CDN refuses is an error', async () => {
  const api = await fakeApi(() => ({
    status: 403,
    body: { success: false, errors: [{ code: 10000, message: 'Authentication error' }], messages: [], result: null },
  }));
  const purger = cloudflarePurger({
    apiToken: 'cloudflare-token-0123456789',
    zoneId: '023e105f4ecef8ad9ca31a8372d0c353',
    baseUrl: api.url,
  });
  await expect(purger.invalidateTags(['articles'])).rejects.toThrow();
  const fastly = fastlyPurger({ apiToken: 'fastly-token-0123456789', serviceId: 'svc', baseUrl: api.url });
  await expect(fastly.invalidateTags(['articles'])).rejects.toThrow();
});

test('the configuration selects the purge targets', () => {
  const none = configuredPurgers({ varnishUrls: [], fastly: undefined, cloudflare: undefined });
  expect(none).toEqual([]);
  const all = configuredPurgers({
    varnishUrls: ['http://10.0.0.5:6081', 'http://10.0.0.6:6081'],
    fastly: { apiToken: 'fastly-token-0123456789', serviceId: 'svc' },
    cloudflare: { apiToken: 'cloudflare-token-0123456789', zoneId: '023e105f4ecef8ad9ca31a8372d0c353' },
  });
  expect(all.map((purger) => purger.name)).toEqual([
    'varnish http://10.0.0.5:6081',
    'varnish http://10.0.0.6:6081',
    'fastly',
    'cloudflare',
  ]);
});
