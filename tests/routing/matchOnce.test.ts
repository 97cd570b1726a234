import request from 'supertest';
import { matchPath, matchRoutes } from 'react-router';
import { beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { createTestApp } from '../support/testApp.ts';

// Every matching of a path the app's own modules do goes through react-router's two functions:
// counted here (react-router's static handler matches its route objects inside its own bundle,
// which this does not count).
vi.mock('react-router', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-router')>();
  return { ...actual, matchRoutes: vi.fn(actual.matchRoutes), matchPath: vi.fn(actual.matchPath) };
});

let app: Awaited<ReturnType<typeof createTestApp>>['app'];

beforeAll(async () => {
  ({ app } = await createTestApp());
});

beforeEach(() => {
  vi.mocked(matchRoutes).mockClear();
  vi.mocked(matchPath).mockClear();
});

const matchings = () => vi.mocked(matchRoutes).mock.calls.length + vi.mocked(matchPath).mock.calls.length;

test('a page request with declared and other query parameters matches the route table once', async () => {
  // The page cache's key, the routing rules (route middlewares, blog tag case, the declared
  // query's check), the page URL of the render and the access log all read the one match.
  const response = await request(app).get('/blog/razrabotka/?page=1&utm_source=ya').set('Accept', 'text/html').redirects(0);
  expect(response.status).toBe(200);
  expect(matchings()).toBe(1);
  expect(vi.mocked(matchRoutes).mock.calls[0]?.[1]).toBe('/blog/razrabotka/');
});

test('a page request without a query matches the route table once', async () => {
  const response = await request(app).get('/about/').set('Accept', 'text/html').redirects(0);
  expect(response.status).toBe(200);
  expect(matchings()).toBe(1);
});

test('a path no route names is matched once on its way to the 404 page', async () => {
  const response = await request(app).get('/net-takoy-stranitsy/?page=2').set('Accept', 'text/html').redirects(0);
  expect(response.status).toBe(404);
  expect(matchings()).toBe(1);
});

test('later requests of a page already matched, page-cache hits included, walk the table no more', async () => {
  await request(app).get('/contacts/?utm_source=ya').set('Accept', 'text/html').redirects(0);
  vi.mocked(matchRoutes).mockClear();
  vi.mocked(matchPath).mockClear();
  // The page is stored once its response is over; under load that may be after the next request
  // came, which is then a render of its own: asked again until one is a hit, within a ceiling.
  let cache: unknown;
  for (let attempt = 0; attempt < 50 && cache !== 'HIT'; attempt += 1) {
    const response = await request(app).get(`/contacts/?utm_medium=cpc${attempt}`).set('Accept', 'text/html').redirects(0);
    expect(response.status).toBe(200);
    cache = response.headers['x-cache'];
  }
  expect(cache).toBe('HIT');
  expect(matchings()).toBe(0);
});
