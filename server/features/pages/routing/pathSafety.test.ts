import express from 'express';
import request from 'supertest';
import { expect, test } from 'vitest';
import { createLogger } from '../../../platform/logging/logger.ts';
import { errorHandler } from '../../../platform/render/errorHandler.ts';
import { MAX_URL_LENGTH, pathSafety, unsafeReason } from './pathSafety.ts';

const app = express()
  .use(pathSafety())
  .use((_req, res) => res.send('routed'))
  .use(errorHandler(createLogger('silent'), 'https://verf.test'));

test('ordinary paths and queries pass', async () => {
  for (const path of ['/', '/blog/seo/', '/services/prodvizhenie/seo', '/blog/%D1%81%D0%B5%D0%BE/', '/a/?q=%E0%A4']) {
    expect(unsafeReason(path), path).toBeNull();
  }
  expect((await request(app).get('/about')).text).toBe('routed');
});

test('a path that a browser would read as another host is a 400, never a redirect', async () => {
  for (const path of ['//evil.example', '//evil.example/', '/\\evil.example', '/\\/evil.example/']) {
    const response = await request(app).get(path);
    expect(response.status, path).toBe(400);
    expect(response.headers.location).toBeUndefined();
  }
});

test('encoded CR, LF or NUL anywhere in the URL is a 400', async () => {
  for (const path of ['/about%0d%0aSet-Cookie:x=1', '/about/%0A', '/a%00b/', '/about/?x=%0D%0ALocation:%20//evil']) {
    expect((await request(app).get(path)).status, path).toBe(400);
  }
});

test("malformed percent-encoding in the path is a 400 with §2's error page in Russian", async () => {
  const response = await request(app).get('/blog/%E0%A4%A/').set('Accept', 'text/html');
  expect(response.status).toBe(400);
  expect(response.text).toContain('Ошибка приложения');
  expect((await request(app).get('/%')).status).toBe(400);
});

test('a URL over the fixed length is 414', async () => {
  const response = await request(app).get(`/${'a'.repeat(MAX_URL_LENGTH)}`);
  expect(response.status).toBe(414);
  expect((await request(app).get(`/${'a'.repeat(MAX_URL_LENGTH - 10)}`)).status).toBe(200);
});

test('a path whose dot segments resolve to `//…` is not found, never a page nor a redirect', async () => {
  // Sent as they are: a client would resolve the backslashes itself.
  for (const path of ['/a\\..\\\\evil.example', '/./\\evil.example']) expect(unsafeReason(path)?.status, path).toBe(404);
  for (const path of ['/x/..//', '/anything/..//about/', '/a/%2e%2e//evil.example']) {
    expect(unsafeReason(path)?.status, path).toBe(404);
    const response = await request(app).get(path);
    expect(response.status, path).toBe(404);
    expect(response.headers.location).toBeUndefined();
  }
});
