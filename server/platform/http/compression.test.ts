import express from 'express';
import request from 'supertest';
import { expect, test } from 'vitest';
import { compression } from './compression.ts';

const body = Array.from({ length: 400 }, (_, i) => `<p class="css-${i % 7}">Строка ${i}: «Верфь» — ${'x'.repeat(i % 13)}</p>`).join('');

function app() {
  const site = express();
  // As the site's app (server/app.ts): a response with a validator is left as it is (decision 038).
  site.set('etag', false);
  site.use(compression());
  site.get('/', (_req, res) => res.type('html').send(body));
  return site;
}

// supertest decodes both codings: the text is what the browser gets after decoding.
test('a page made per request is brotli for clients that take it, gzip for the others, and decodes to the same text', async () => {
  const br = await request(app()).get('/').set('Accept-Encoding', 'br, gzip');
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.text).toBe(body);

  const gzip = await request(app()).get('/').set('Accept-Encoding', 'gzip');
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gzip.text).toBe(body);

  const identity = await request(app()).get('/').set('Accept-Encoding', 'identity');
  expect(identity.headers['content-encoding']).toBeUndefined();
  expect(identity.text).toBe(body);
});

test('a response that already has its validator is left in the coding that validator names', async () => {
  const site = express();
  site.set('etag', false);
  site.use(compression());
  site.get('/', (_req, res) => res.type('html').set('ETag', '"identity-tag"').send(body));
  for (const coding of ['br', 'gzip', 'deflate']) {
    const response = await request(site).get('/').set('Accept-Encoding', coding);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.etag).toBe('"identity-tag"');
  }
});
