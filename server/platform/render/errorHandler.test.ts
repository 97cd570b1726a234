import express from 'express';
import request from 'supertest';
import { expect, test } from 'vitest';
import { createLogger } from '../logging/logger.ts';
import { canonicalUrlOf, errorHandler } from './errorHandler.ts';

function failingApp() {
  return express()
    .get('/{*any}', () => {
      throw new Error('boom');
    })
    .use(errorHandler(createLogger('silent'), 'https://verf.test'));
}

test('the error page of an unhandled error has its canonical link in the page, without the query, and never echoes the path into a header', async () => {
  const response = await request(failingApp()).get('/about/?utm_source=ya').set('Accept', 'text/html');
  expect(response.status).toBe(500);
  expect(response.text).toContain('Ошибка приложения');
  expect(response.text).toContain('<link rel="canonical" href="https://verf.test/about/">');
  // decision 018: a header block never carries what the request asked for.
  expect(response.headers.link).toBeUndefined();
});

test('only a path of plain URL characters becomes a canonical link', () => {
  expect(canonicalUrlOf('https://verf.test', '/blog/%D1%81%D0%B5%D0%BE/?a=1')).toBe('https://verf.test/blog/%D1%81%D0%B5%D0%BE/');
  expect(canonicalUrlOf('https://verf.test', '/a/"><script>/')).toBeUndefined();
  expect(canonicalUrlOf('https://verf.test', '*')).toBeUndefined();
});
