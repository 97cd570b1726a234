import request from 'supertest';
import { expect, test } from 'vitest';
import { signedRevalidation } from '../../../tests/support/signedRevalidation.ts';
import { createTestApp } from '../../../tests/support/testApp.ts';

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

test('/metrics counts revalidations and page-cache purges, content fetches by resource, rate-limit refusals, leads created and the build', async () => {
  const secret = 'revalidate-secret-0123456789';
  const { app } = await createTestApp({ METRICS_TOKEN: TOKEN, PAGE_CACHE_MAX_MB: '16', REVALIDATE_SECRET: secret, FORMS_RATE_LIMIT: '1' });
  const scrape = async () => (await request(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`)).text;
  const value = (text: string, series: string) =>
    Number(
      text
        .split('\n')
        .find((line) => line.startsWith(`${series} `))
        ?.split(' ')[1] ?? 0,
    );
  const before = await scrape();
  // Cached (its compression and store are over) before it is revalidated.
  let cached = false;
  for (let attempt = 0; attempt < 50 && !cached; attempt += 1) cached = (await request(app).get('/contacts/')).headers['x-cache'] === 'HIT';
  expect(cached).toBe(true);
  const revalidate = (body: object) => {
    const call = signedRevalidation(body, secret);
    return request(app).post('/api/revalidate').set(call.headers).send(call.body);
  };
  expect((await revalidate({ paths: ['/contacts/'] })).status).toBe(202);
  expect((await revalidate({ paths: ['/never-rendered/'] })).status).toBe(202);
  expect((await revalidate({ all: true })).status).toBe(202);
  const subscribe = () => request(app).post('/api/forms/subscribe').send({ email: 'ivan@example.ru', consent: true, _fillMs: 5000 });
  expect((await subscribe()).status).toBe(201);
  expect((await subscribe()).status).toBe(429);
  const after = await scrape();
  const grew = (series: string, by: number) => expect(value(after, series) - value(before, series), series).toBe(by);
  grew('revalidations_total{outcome="published"}', 3);
  grew('page_cache_purges_total{outcome="pages"}', 1);
  grew('page_cache_purges_total{outcome="none"}', 1);
  grew('page_cache_purges_total{outcome="all"}', 1);
  grew('rate_limit_refusals_total{endpoint="forms"}', 1);
  grew('leads_created_total{form="subscribe"}', 1);
  expect(after).toMatch(/content_fetch_duration_seconds_count\{resource="[a-z][\w-]*",outcome="ok"\} [1-9]/);
  expect(after).toMatch(/build_info\{build_id="[^"]+",version="\d+\.\d+\.\d+"\} 1/);
  for (const name of ['image_queue_cost', 'image_refusals_total', 'ssr_render_aborts_total', 'leads_delivered_total']) {
    expect(after).toContain(`# TYPE ${name} `);
  }
});
