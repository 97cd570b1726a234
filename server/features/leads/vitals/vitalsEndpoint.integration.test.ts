import request from 'supertest';
import { expect, test } from 'vitest';
import { createTestApp } from '../../../../tests/support/testApp.ts';
import { VITALS_MAX_BODY_BYTES, VITALS_RATE_LIMIT } from './vitalsEndpoint.ts';

const TOKEN = 'metrics-token-0123456789';
const ORIGIN = 'https://verf.test';
const CHROME_DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const CHROME_PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36';

type App = Awaited<ReturnType<typeof createTestApp>>['app'];

/** POST /api/vitals as `navigator.sendBeacon(url, string)` sends it from a page of the site. */
const beacon = (app: App, body: string, headers: Record<string, string> = {}) =>
  request(app)
    .post('/api/vitals')
    .set({
      'Content-Type': 'text/plain;charset=UTF-8',
      Origin: ORIGIN,
      'Sec-Fetch-Site': 'same-origin',
      'Sec-Fetch-Mode': 'no-cors',
      'User-Agent': CHROME_DESKTOP,
      ...headers,
    })
    .send(body);

/** How many samples a histogram of /metrics holds for a route and device (0 when it has none yet). */
async function samples(app: App, histogram: string, route: string, device: string): Promise<number> {
  const text = (await request(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`)).text;
  const line = text.split('\n').find((each) => each.startsWith(`${histogram}_count{route="${route}",device="${device}"} `));
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
}

const vitalsApp = () => createTestApp({ METRICS_TOKEN: TOKEN });

test('a beacon as a browser sends it becomes one sample of each metric in the histograms of its route and device', async () => {
  const { app } = await vitalsApp();
  const before = await samples(app, 'web_vitals_lcp_seconds', 'blog', 'mobile');
  const body = JSON.stringify({
    route: 'blog',
    device: 'mobile',
    metrics: [
      { name: 'LCP', value: 1830.5 },
      { name: 'FCP', value: 912 },
      { name: 'TTFB', value: 120.3 },
      { name: 'CLS', value: 0.04 },
      { name: 'INP', value: 88 },
    ],
  });
  const response = await beacon(app, body);
  expect(response.status).toBe(204);
  expect(response.headers['cache-control']).toBe('no-store');
  expect(await samples(app, 'web_vitals_lcp_seconds', 'blog', 'mobile')).toBe(before + 1);
  for (const histogram of ['web_vitals_fcp_seconds', 'web_vitals_ttfb_seconds', 'web_vitals_cls', 'web_vitals_inp_seconds']) {
    expect(await samples(app, histogram, 'blog', 'mobile'), histogram).toBeGreaterThanOrEqual(1);
  }
  const text = (await request(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`)).text;
  // Seconds, in the bucket of Google's "good" LCP (≤ 2.5 s) and not below 1.5 s.
  expect(text).toContain('web_vitals_lcp_seconds_bucket{le="2",route="blog",device="mobile"} 1');
  expect(text).toContain('web_vitals_lcp_seconds_bucket{le="1.5",route="blog",device="mobile"} 0');
  expect(text).toMatch(/web_vitals_lcp_seconds_sum\{route="blog",device="mobile"\} 1\.8305/);
});

test('an application/json beacon is taken too; without a device class the User-Agent decides it', async () => {
  const { app } = await vitalsApp();
  const body = JSON.stringify({ route: 'article', metrics: [{ name: 'TTFB', value: 300 }] });
  expect((await beacon(app, body, { 'Content-Type': 'application/json', 'User-Agent': CHROME_PHONE })).status).toBe(204);
  expect((await beacon(app, body)).status).toBe(204);
  expect(await samples(app, 'web_vitals_ttfb_seconds', 'article', 'mobile')).toBe(1);
  expect(await samples(app, 'web_vitals_ttfb_seconds', 'article', 'desktop')).toBe(1);
});

test('junk beacons are refused and count nothing', async () => {
  const { app } = await vitalsApp();
  const counted = async () =>
    (await samples(app, 'web_vitals_lcp_seconds', 'projects', 'desktop')) +
    (await samples(app, 'web_vitals_lcp_seconds', 'projects', 'mobile'));
  const before = await counted();
  const junk = [
    'not json',
    '{}',
    JSON.stringify({ route: 'projects', metrics: [] }),
    // A URL is never a label: only the route ids of the table.
    JSON.stringify({ route: '/blog/some-tag/?page=2', metrics: [{ name: 'LCP', value: 1000 }] }),
    JSON.stringify({ route: 'projects', device: 'fridge', metrics: [{ name: 'LCP', value: 1000 }] }),
    JSON.stringify({ route: 'projects', metrics: [{ name: 'FID', value: 10 }] }),
    JSON.stringify({ route: 'projects', metrics: [{ name: 'LCP', value: -1 }] }),
    JSON.stringify({ route: 'projects', metrics: [{ name: 'LCP', value: 1e12 }] }),
    JSON.stringify({ route: 'projects', metrics: [{ name: 'LCP', value: '1000' }] }),
    JSON.stringify({ route: 'projects', metrics: [{ name: 'CLS', value: 1000 }] }),
    JSON.stringify({
      route: 'projects',
      metrics: [
        { name: 'LCP', value: 1000 },
        { name: 'LCP', value: 1000 },
      ],
    }),
  ];
  for (const body of junk) expect((await beacon(app, body)).status, body).toBe(400);
  const valid = JSON.stringify({ route: 'projects', metrics: [{ name: 'LCP', value: 1000 }] });
  expect((await beacon(app, valid, { 'Content-Type': 'application/x-www-form-urlencoded' })).status).toBe(415);
  expect(await counted()).toBe(before);
});

test('an oversized beacon is refused with 413', async () => {
  const { app } = await vitalsApp();
  const body = JSON.stringify({ route: 'home', metrics: [{ name: 'LCP', value: 1000 }], padding: 'x'.repeat(VITALS_MAX_BODY_BYTES) });
  expect((await beacon(app, body)).status).toBe(413);
  expect(await samples(app, 'web_vitals_lcp_seconds', 'home', 'desktop')).toBe(0);
});

test('a beacon another site makes a browser send is refused like a cross-site form post', async () => {
  const { app } = await vitalsApp();
  const body = JSON.stringify({ route: 'home', metrics: [{ name: 'LCP', value: 1000 }] });
  expect((await beacon(app, body, { Origin: 'https://evil.example' })).status).toBe(403);
  const noOrigin = request(app).post('/api/vitals').set({ 'Content-Type': 'text/plain', 'Sec-Fetch-Site': 'cross-site' }).send(body);
  expect((await noOrigin).status).toBe(403);
  expect(await samples(app, 'web_vitals_lcp_seconds', 'home', 'desktop')).toBe(0);
});

test('bots are answered and not counted', async () => {
  const { app } = await vitalsApp();
  const body = JSON.stringify({ route: 'contacts', metrics: [{ name: 'LCP', value: 1000 }] });
  const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
  expect((await beacon(app, body, { 'User-Agent': googlebot })).status).toBe(204);
  expect((await beacon(app, body, { 'User-Agent': 'Mozilla/5.0 HeadlessChrome/142.0.0.0 Safari/537.36' })).status).toBe(204);
  expect(await samples(app, 'web_vitals_lcp_seconds', 'contacts', 'desktop')).toBe(0);
});

test('a client flooding the endpoint is stopped by the rate limit', async () => {
  const { app } = await vitalsApp();
  const body = JSON.stringify({ route: 'about', metrics: [{ name: 'CLS', value: 0.01 }] });
  for (let sent = 0; sent < VITALS_RATE_LIMIT.limit; sent += 1) expect((await beacon(app, body)).status).toBe(204);
  const refused = await beacon(app, body);
  expect(refused.status).toBe(429);
  expect(refused.headers['retry-after']).toMatch(/^\d+$/);
  expect(await samples(app, 'web_vitals_cls', 'about', 'desktop')).toBe(VITALS_RATE_LIMIT.limit);
});

test('a poor metric of a traced page view is one log line naming the page’s trace; good metrics and untraced views log nothing', async () => {
  const { app, logs } = await createTestApp({ METRICS_TOKEN: TOKEN });
  const trace = '0af7651916cd43dd8448eb211c80319c';
  const send = (metrics: { name: string; value: number }[], extra: object = { trace }) =>
    beacon(app, JSON.stringify({ route: 'blog', device: 'mobile', metrics, ...extra }));
  expect((await send([{ name: 'LCP', value: 1800 }])).status).toBe(204);
  expect((await send([{ name: 'LCP', value: 6100 }], {})).status).toBe(204);
  expect(
    (
      await send([
        { name: 'LCP', value: 6100 },
        { name: 'CLS', value: 0.02 },
      ])
    ).status,
  ).toBe(204);
  const lines = logs.lines.filter((line) => line.msg === 'poor web vitals of a traced page view');
  expect(lines).toEqual([
    expect.objectContaining({ route: 'blog', device: 'mobile', pageTraceId: trace, vitals: [{ name: 'LCP', value: 6100 }] }),
  ]);
  expect((await send([{ name: 'LCP', value: 6100 }], { trace: 'not-a-trace-id' })).status).toBe(400);
});
