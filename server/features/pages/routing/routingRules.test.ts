import express from 'express';
import request from 'supertest';
import { expect, test } from 'vitest';
import { captureLogs } from '../../../../tests/support/captureLogs.ts';
import { fakeContent } from '../../../../tests/routing/fakeContent.ts';
import { createLogger } from '../../../platform/logging/logger.ts';
import { errorHandler } from '../../../platform/render/errorHandler.ts';
import { routingRules } from './routingRules.ts';

function appWith(redirects: Record<string, string> = {}) {
  const { logs, stream } = captureLogs();
  const logger = createLogger('info', stream);
  const content = fakeContent({
    tags: [{ slug: 'seo', title: 'SEO' }],
    authors: [
      { id: 3, slug: 'ekaterina-belova' },
      { id: 9, slug: null },
    ],
    redirects,
  });
  const app = express()
    .use(routingRules({ content, publicBaseUrl: 'https://verf.test', logger }))
    .use((req, res) => res.send(`page ${req.method} ${req.originalUrl}`))
    .use(errorHandler(logger, 'https://verf.test'));
  return { app, logs };
}

const expectOneHop = async (app: express.Express, from: string, to: string) => {
  const response = await request(app).get(from);
  expect(response.status, from).toBe(301);
  expect(response.headers.location, from).toBe(to);
  const landing = await request(app).get(to);
  expect(landing.status, `${from} → ${to} must be final`).toBe(200);
};

test('rules combine into exactly one redirect to the final URL', async () => {
  const { app } = appWith({ '/old-seo/': '/services/seo', '/portfolio/': '/projects/' });
  await expectOneHop(app, '/services/seo', '/services/prodvizhenie/seo/');
  await expectOneHop(app, '/services/seo?utm_source=ya', '/services/prodvizhenie/seo/?utm_source=ya');
  await expectOneHop(app, '/blog/SEO', '/blog/seo/');
  await expectOneHop(app, '/blog/Seo?page=2', '/blog/seo/?page=2');
  await expectOneHop(app, '/blog/author/3', '/blog/author/ekaterina-belova/');
  await expectOneHop(app, '/blog/material', '/projects/');
  await expectOneHop(app, '/old-seo', '/services/prodvizhenie/seo/');
  await expectOneHop(app, '/portfolio?x=1', '/projects/?x=1');
  await expectOneHop(app, '/about', '/about/');
});

test('element_anchor_id is one 302 to the final path with its fragment, composed with the other rules (§5, decision 006)', async () => {
  const { app } = appWith({ '/portfolio/': '/projects/' });
  for (const [from, to] of [
    ['/?element_anchor_id=tariffs', '/#tariffs'],
    ['/about?utm_source=a&element_anchor_id=discuss-the-project&utm_medium=b', '/about/?utm_source=a&utm_medium=b#discuss-the-project'],
    ['/services/seo?element_anchor_id=tariffs', '/services/prodvizhenie/seo/#tariffs'],
    ['/portfolio?element_anchor_id=projects-list&x=1', '/projects/?x=1#projects-list'],
    ['/blog/SEO?element_anchor_id=%3Cb%3E&page=2', '/blog/seo/?page=2'],
  ]) {
    const response = await request(app).get(from!);
    expect(response.status, from).toBe(302);
    expect(response.headers.location, from).toBe(to);
    expect((await request(app).get(to!.split('#')[0]!)).status, `${to} must be final`).toBe(200);
  }
  expect((await request(app).head('/?element_anchor_id=tariffs')).headers.location).toBe('/#tariffs');
});

test("a client navigation's data request keeps element_anchor_id for the client code to scroll to", async () => {
  const { app } = appWith();
  expect((await request(app).get('/?element_anchor_id=tariffs&_data=home')).text).toBe('page GET /?element_anchor_id=tariffs&_data=home');
  const moved = await request(app).get('/about?element_anchor_id=x&_data=about');
  expect(moved.body).toEqual({ redirect: '/about/?element_anchor_id=x', status: 301 });
});

test('canonical paths pass through to the page', async () => {
  const { app } = appWith();
  for (const path of ['/', '/about/', '/blog/seo/', '/blog/author/9/', '/blog/author/ekaterina-belova/', '/services/prodvizhenie/seo/']) {
    expect((await request(app).get(path)).text, path).toBe(`page GET ${path}`);
  }
});

test('a client navigation gets the same final URL as JSON', async () => {
  const { app } = appWith();
  const response = await request(app).get('/services/seo?a=1&_data=service');
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ redirect: '/services/prodvizhenie/seo/?a=1', status: 301 });
  expect((await request(app).get('/about/?_data=about')).text).toBe('page GET /about/?_data=about');
});

test('only the per-path lookup sends a visitor off-site', async () => {
  const { app } = appWith({ '/hh/': 'https://hh.ru/employer/4821937' });
  const response = await request(app).get('/hh');
  expect(response.status).toBe(301);
  expect(response.headers.location).toBe('https://hh.ru/employer/4821937');
  const data = await request(app).get('/hh/?_data=root');
  expect(data.body).toEqual({ redirect: 'https://hh.ru/employer/4821937', status: 301 });
});

test('a loop in the redirect list serves the path as is and is logged', async () => {
  const { app, logs } = appWith({ '/a/': '/b/', '/b/': '/a/' });
  expect((await request(app).get('/a/')).text).toBe('page GET /a/');
  expect(logs.lines.some((line) => line.msg === 'redirect loop in the routing rules; serving the path as is')).toBe(true);
});

test('HEAD is redirected like GET; other methods are never redirected', async () => {
  const { app } = appWith();
  expect((await request(app).head('/about')).status).toBe(301);
  expect((await request(app).post('/about')).text).toBe('page POST /about');
});

test('unsafe targets are refused before any rule runs', async () => {
  const { app } = appWith();
  expect((await request(app).get('//evil.example')).status).toBe(400);
  expect((await request(app).get('/services/seo%0d%0a')).status).toBe(400);
});
