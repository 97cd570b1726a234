import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DIST_DIR } from '../../server/platform/paths.ts';
import {
  MAX_TAG_LINE_BYTES,
  PURGE_SECRET_HEADER,
  TagTooLongError,
  varnishPurger,
} from '../../server/features/revalidation/varnishPurger.ts';
import { freshPostgresSchema, testPostgresUrl } from '../support/postgres.ts';
import { freePort, startServer, type RunningServer } from '../support/startServer.ts';
import {
  hasVarnish,
  startForwardingProxy,
  startVarnish,
  storedLifetime,
  TEST_PURGE_SECRET,
  vclFor,
  type ForwardingProxy,
  type RunningVarnish,
} from './varnishd.ts';

// The repository's VCL (docs/varnish/site.vcl, decision 034) with a real varnishd in front of a
// real instance of the production build, traced (the preload, a local collector) so that its
// answers carry the Server-Timing traceparent of their request: what Varnish keeps is everyone's,
// keyed by what changes the page, and only the site purges it. A hit is read from `X-Varnish`
// (two ids: this request's and the one that fetched the copy).

const databaseUrl = await testPostgresUrl();
const runs = hasVarnish && databaseUrl !== undefined;

let varnish: RunningVarnish;
let instance: RunningServer;
let collector: Server;
let proxy: ForwardingProxy;
let schema: Awaited<ReturnType<typeof freshPostgresSchema>>;

interface Answer {
  readonly status: number;
  readonly headers: Headers;
  /** The request that fetched the copy answered (a hit), or undefined (fetched for this one). */
  readonly copyOf: string | undefined;
}

async function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(url, { redirect: 'manual', headers });
  await response.arrayBuffer();
  const ids = (response.headers.get('x-varnish') ?? '').split(' ');
  return { status: response.status, headers: response.headers, copyOf: ids.length === 2 ? ids[1] : undefined };
}

/** The lifetime Varnish gave the copy of `url`, once its request's records are in the log (written as it ends). */
async function loggedLifetime(url: string) {
  await expect.poll(() => storedLifetime(varnish.workDir, url), { timeout: 60_000, interval: 50 }).toBeDefined();
  return (await storedLifetime(varnish.workDir, url))!;
}

beforeAll(async () => {
  if (!runs) return;
  schema = await freshPostgresSchema(databaseUrl);
  // An OTLP collector that takes every export: tracing on, its spans unread.
  collector = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  const port = await freePort();
  instance = await startServer(
    {
      DATABASE_URL: schema.url,
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      VARNISH_URLS: `http://127.0.0.1:${port}`,
      VARNISH_PURGE_SECRET: TEST_PURGE_SECRET,
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      LOG_LEVEL: 'warn',
      // Every request through to the instance is a render with its own trace, none a page-cache hit.
      PAGE_CACHE_MAX_MB: '0',
      // Varnish on the loopback is the proxy whose X-Forwarded-Proto names the scheme.
      TRUST_PROXY: 'loopback',
    },
    ['--import', path.join(DIST_DIR, 'server', 'telemetry.js')],
  );
  varnish = await startVarnish(await vclFor([{ host: '127.0.0.1', port: instance.port }]), port);
  proxy = await startForwardingProxy(varnish.url);
}, 180_000);

afterAll(async () => {
  if (!runs) return;
  await proxy?.close();
  await varnish?.stop();
  await instance?.stop();
  collector?.closeAllConnections();
  await new Promise((resolve) => collector?.close(resolve));
  await schema?.drop();
}, 60_000);

test.skipIf(!runs)('a page with marketing parameters or junk in its query is one copy with the page without them', async () => {
  const first = await get(`${varnish.url}/contacts/?utm_source=a&utm_medium=email`);
  expect(first.status).toBe(200);
  expect(first.copyOf, 'the first visit fetches').toBeUndefined();
  const copies = new Set<string | undefined>();
  for (const query of ['?utm_source=b', '', '?yclid=1&gclid=2&fbclid=3&_ym_debug=1', '?from=scanner&x=%00']) {
    const again = await get(`${varnish.url}/contacts/${query}`);
    expect(again.status, query).toBe(200);
    expect(again.copyOf, `/contacts/${query} is a hit`).toBeDefined();
    copies.add(again.copyOf);
  }
  expect(copies.size, 'every hit is of the one copy').toBe(1);
  // What the instance reads stays in the key: page 2 of the blog is not page 1.
  await get(`${varnish.url}/blog/?utm_source=a`);
  expect((await get(`${varnish.url}/blog/`)).copyOf).toBeDefined();
  expect((await get(`${varnish.url}/blog/?page=2&utm_source=a`)).copyOf, 'page 2 is fetched').toBeUndefined();
});

test.skipIf(!runs)('an HTTPS copy with HSTS is kept apart from the plain-HTTP copy without it', async () => {
  const https = { 'x-forwarded-proto': 'https' };
  const first = await get(`${varnish.url}/about/`, https);
  expect(first.headers.get('strict-transport-security')).toMatch(/max-age=/);
  const plain = await get(`${varnish.url}/about/`);
  expect(plain.copyOf, 'plain HTTP is fetched for itself').toBeUndefined();
  expect(plain.headers.get('strict-transport-security')).toBeNull();
  const other = await get(`${varnish.url}/about/`, { 'x-forwarded-proto': 'gopher' });
  expect(other.copyOf, 'any other scheme is a hit of the plain copy').toBeDefined();
  expect(other.headers.get('strict-transport-security')).toBeNull();
  const again = await get(`${varnish.url}/about/`, https);
  expect(again.copyOf).toBeDefined();
  expect(again.headers.get('strict-transport-security')).toMatch(/max-age=/);
});

test.skipIf(!runs)('a redirect gets the visitor’s marketing parameters back although it was fetched without them', async () => {
  const moved = await get(`${varnish.url}/services/seo/?utm_source=a&junk=1&utm_campaign=spring`);
  expect(moved.status).toBe(301);
  expect(moved.headers.get('location')).toBe('/services/prodvizhenie/seo/?utm_source=a&utm_campaign=spring');
  // Only the visitor's query is put back, never a header of that name a visitor sends.
  const plain = await get(`${varnish.url}/services/seo/`, { 'x-campaign': 'utm_source=forged' });
  expect(plain.headers.get('location')).toBe('/services/prodvizhenie/seo/');
  // §5's anchor: the instance redirects to the fragment; the campaign lands with the visitor.
  const anchored = await get(`${varnish.url}/contacts/?utm_source=a&element_anchor_id=map`);
  expect(anchored.status).toBe(302);
  expect(anchored.headers.get('location')).toBe('/contacts/?utm_source=a#map');
});

test.skipIf(!runs)('a 404 is kept for a minute at most, a page for its day', async () => {
  const missing = `/net-takoy-stranitsy-${Date.now()}/`;
  expect((await get(`${varnish.url}${missing}`)).status).toBe(404);
  const again = await get(`${varnish.url}${missing}?utm_source=x`);
  expect(again.status).toBe(404);
  expect(again.copyOf, 'the 404 is kept').toBeDefined();
  const notFound = await loggedLifetime(missing);
  expect(notFound.ttl).toBeGreaterThan(0);
  expect(notFound.ttl).toBeLessThanOrEqual(60);
  expect(notFound.grace).toBeLessThanOrEqual(60);
  // The same reading of a page, which the instance shares for a day: the reading tells them apart.
  await get(`${varnish.url}/about/`);
  expect((await loggedLifetime('/about/')).ttl).toBe(86_400);
});

test.skipIf(!runs)('one visitor’s request id and trace are never replayed to the next visitor of the copy', async () => {
  // The instance itself answers with both: its id and its trace for the beacon (Server-Timing).
  const direct = await get(`${instance.url}/documents/`, { 'X-Request-Id': 'direct-1' });
  expect(direct.headers.get('x-request-id')).toBe('direct-1');
  expect(direct.headers.get('server-timing')).toMatch(/^traceparent;desc="00-[\da-f]{32}-[\da-f]{16}-0[01]"$/);

  const miss = await get(`${varnish.url}/documents/`, { 'X-Request-Id': 'visitor-a-1' });
  expect(miss.copyOf).toBeUndefined();
  expect(miss.headers.get('x-request-id')).toBe('visitor-a-1');
  const hit = await get(`${varnish.url}/documents/`);
  expect(hit.copyOf).toBeDefined();
  expect(hit.headers.get('x-request-id')).toMatch(/^varnish-\d+$/);
  expect(hit.headers.get('server-timing')).toBeNull();
  const own = await get(`${varnish.url}/documents/`, { 'X-Request-Id': 'visitor-c-3' });
  expect(own.copyOf).toBe(hit.copyOf);
  expect(own.headers.get('x-request-id')).toBe('visitor-c-3');
  // An id the instance would not take is not echoed either.
  expect((await get(`${varnish.url}/documents/`, { 'X-Request-Id': 'bad id<>' })).headers.get('x-request-id')).toMatch(/^varnish-\d+$/);
});

test.skipIf(!runs)('a PURGE from behind a proxy in front of Varnish needs the secret; with it, it purges', async () => {
  const cached = await get(`${varnish.url}/referral/`);
  expect(cached.status).toBe(200);
  const copy = (await get(`${varnish.url}/referral/`)).copyOf;
  expect(copy).toBeDefined();
  const purge = (headers: Record<string, string>) =>
    fetch(`${proxy.url}/`, { method: 'PURGE', headers }).then((response) => response.status);

  for (const kind of ['xkey-purge', 'xkey-softpurge']) {
    expect(await purge({ [kind]: 'site' }), `${kind} without the secret`).toBe(403);
    expect(await purge({ [kind]: 'site', [PURGE_SECRET_HEADER]: 'a-guess-of-the-secret' }), `${kind} with a wrong secret`).toBe(403);
    expect(await purge({ [kind]: 'site', [PURGE_SECRET_HEADER]: '' }), `${kind} with an empty secret`).toBe(403);
  }
  expect((await get(`${varnish.url}/referral/`)).copyOf, 'nothing was purged').toBe(copy);

  expect(await purge({ 'xkey-purge': 'path:/referral/', [PURGE_SECRET_HEADER]: TEST_PURGE_SECRET })).toBe(200);
  const after = await get(`${varnish.url}/referral/`);
  expect(after.status).toBe(200);
  expect(after.copyOf, 'the copy was purged and fetched again').not.toBe(copy);
});

test.skipIf(!runs)('a purge of many long tags is split into requests Varnish takes, and a tag too long for one is refused', async () => {
  await get(`${varnish.url}/career/`);
  const copy = (await get(`${varnish.url}/career/`)).copyOf;
  expect(copy).toBeDefined();
  // Varnish's limit is real: one header line over 8 KB is answered 400.
  const tooLong = await fetch(`${varnish.url}/`, {
    method: 'PURGE',
    headers: { 'xkey-softpurge': 'x'.repeat(9000), [PURGE_SECRET_HEADER]: TEST_PURGE_SECRET },
  });
  expect(tooLong.status).toBe(400);

  const before = proxy.answers.length;
  const tags = [...Array.from({ length: 200 }, (_, index) => `articles:${'dlinnyy-slug-'.repeat(15)}${index}`), 'path:/career/'];
  expect(tags.join(' ').length).toBeGreaterThan(4 * MAX_TAG_LINE_BYTES);
  await varnishPurger(proxy.url, { secret: TEST_PURGE_SECRET }).invalidateTags(tags);
  const answers = proxy.answers.slice(before);
  expect(answers.length).toBeGreaterThan(4);
  expect(answers).toEqual(answers.map(() => ({ method: 'PURGE', status: 200 })));
  await expect
    .poll(async () => (await get(`${varnish.url}/career/`)).copyOf, {
      message: 'the last batch purged the page',
      timeout: 60_000,
      interval: 50,
    })
    .not.toBe(copy);

  const refused = varnishPurger(proxy.url, { secret: TEST_PURGE_SECRET }).invalidateTags(['articles', 'x'.repeat(MAX_TAG_LINE_BYTES + 1)]);
  await expect(refused).rejects.toThrow(TagTooLongError);
  const unauthorized = varnishPurger(proxy.url).invalidateTags(['articles']);
  await expect(unauthorized).rejects.toThrow(/PURGE answered 403/);
});
