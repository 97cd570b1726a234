import request from 'supertest';
import { expect, test } from 'vitest';
import { createTestApp } from '../../tests/support/testApp.ts';

const TOKEN = 'metrics-token-0123456789';

test('without METRICS_TOKEN /metrics does not exist', async () => {
  const { app } = await createTestApp();
  expect((await request(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`)).status).toBe(404);
});

test('/metrics needs the bearer token', async () => {
  const { app } = await createTestApp({ METRICS_TOKEN: TOKEN });
  expect((await request(app).get('/metrics')).status).toBe(401);
  const wrong = await request(app).get('/metrics').set('Authorization', 'Bearer metrics-token-wrong-123');
  expect(wrong.status).toBe(401);
  expect(wrong.text).not.toContain('http_request_duration_seconds');
});

test('/metrics reports requests by route and status, renders, the page cache, content fetches, the outbox and the process', async () => {
  const { app } = await createTestApp({ METRICS_TOKEN: TOKEN, PAGE_CACHE_MAX_MB: '16' });
  expect((await request(app).get('/contacts/')).status).toBe(200);
  expect((await request(app).get('/healthz')).status).toBe(200);
  expect((await request(app).get('/robots.txt')).status).toBe(200);
  expect((await request(app).get('/builds/latest.json')).status).toBe(200);
  expect((await request(app).post('/api/forms/subscribe').send({ email: 'ivan@example.ru', consent: true, _fillMs: 5000 })).status).toBe(
    201,
  );
  const response = await request(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(response.headers['cache-control']).toBe('no-store');
  const text = response.text;
  expect(text).toMatch(/http_request_duration_seconds_count\{route="contacts",status="200",cache="miss"\} [1-9]/);
  expect(text).toMatch(/http_request_duration_seconds_count\{route="health",status="200",cache="bypass"\} [1-9]/);
  expect(text).toMatch(/http_request_duration_seconds_count\{route="forms",status="201",cache="bypass"\} [1-9]/);
  expect(text).toMatch(/http_request_duration_seconds_count\{route="crawler-files",status="200",cache="bypass"\} [1-9]/);
  expect(text).toMatch(/http_request_duration_seconds_count\{route="build-info",status="200",cache="bypass"\} [1-9]/);
  expect(text).toMatch(/ssr_render_duration_seconds_count [1-9]/);
  expect(text).toMatch(/page_cache_lookups_total\{result="miss"\} [1-9]/);
  expect(text).toContain('page_cache_bytes ');
  expect(text).toMatch(/content_fetches_total\{outcome="ok"\} [1-9]/);
  expect(text).toMatch(/leads_outbox_backlog \d/);
  expect(text).toMatch(/leads_outbox_oldest_undelivered_age_seconds \d/);
  expect(text).toContain('nodejs_eventloop_lag_seconds');
  expect(text).toContain('process_resident_memory_bytes');
});

test('requests to endpoints mounted at a prefix are counted under their endpoint, not as "other"', async () => {
  const { app } = await createTestApp({ METRICS_TOKEN: TOKEN });
  await request(app).get('/_ipx/w_64/images/does-not-exist.png');
  const text = (await request(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`)).text;
  expect(text).toMatch(/http_request_duration_seconds_count\{route="images",status="\d{3}",cache="bypass"\} [1-9]/);
});

test('page-cache hits are counted', async () => {
  const { app } = await createTestApp({ METRICS_TOKEN: TOKEN, PAGE_CACHE_MAX_MB: '16' });
  const scrape = async () => (await request(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`)).text;
  const hits = (text: string) => Number(/page_cache_lookups_total\{result="hit"\} (\d+)/.exec(text)?.[1] ?? 0);
  const before = hits(await scrape());
  let answered = 0;
  while (answered < 2) if ((await request(app).get('/about/')).headers['x-cache'] === 'HIT') answered += 1;
  expect(hits(await scrape())).toBe(before + 2);
});

test('a page-cache hit keeps its page’s route id in the request metric, labelled as a hit', async () => {
  const { app } = await createTestApp({ METRICS_TOKEN: TOKEN, PAGE_CACHE_MAX_MB: '16' });
  let answered = 0;
  for (let attempt = 0; attempt < 50 && answered === 0; attempt += 1)
    if ((await request(app).get('/about/')).headers['x-cache'] === 'HIT') answered += 1;
  const text = (await request(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`)).text;
  expect(text).toMatch(/http_request_duration_seconds_count\{route="about",status="200",cache="hit"\} [1-9]/);
  expect(text).not.toContain('route="cached-page"');
});
