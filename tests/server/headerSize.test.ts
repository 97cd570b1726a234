import { createServer, request as httpRequest, type IncomingMessage, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from 'vitest';
import { REVALIDATIONS_PER_MINUTE } from '../../server/features/revalidation/revalidateApi.ts';
import { MAX_URL_LENGTH } from '../../server/features/pages/routing/pathSafety.ts';
import { leadsDataDirPerFile, validRequest } from '../forms/fixtures.ts';
import { signedRevalidation } from '../support/signedRevalidation.ts';
import { createTestApp } from '../support/testApp.ts';

/** What a proxy with a small header buffer still accepts (nginx's default is 4 KB or 8 KB). */
const MAX_HEADER_BLOCK = 4096;
const SECRET = 'revalidate-secret-0123456789';
const data = leadsDataDirPerFile();

interface Sent {
  readonly method?: string;
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: string | Buffer;
}

/** The status and the size of the header block on the wire (status line, fields, blank line). */
async function exchange(app: RequestListener, sent: Sent): Promise<{ status: number; headerBytes: number; etag: string | undefined }> {
  const server = createServer(app).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method: sent.method ?? 'GET', path: sent.path, headers: sent.headers }, resolve);
      req.on('error', reject);
      req.end(sent.body);
    });
    response.resume();
    await new Promise((resolve) => response.on('end', resolve));
    let bytes = `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n`.length + 2;
    for (let i = 0; i < response.rawHeaders.length; i += 2) {
      bytes += Buffer.byteLength(`${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}\r\n`);
    }
    return { status: response.statusCode ?? 0, headerBytes: bytes, etag: response.headers.etag };
  } finally {
    server.close();
  }
}

const json = { 'content-type': 'application/json', accept: 'application/json' };
const longestPath = (unit: string) => `/${unit.repeat(Math.floor((MAX_URL_LENGTH - 1) / unit.length))}`;

test('every status the server sends has a header block of at most 4 KB, whatever the request target', async () => {
  const { app } = await createTestApp({
    REVALIDATE_SECRET: SECRET,
    PAGE_CACHE_MAX_MB: '16',
    LEADS_DATA_DIR: data().dir,
    FORMS_MIN_FILL_SECONDS: '0',
  });
  const cases: [number, Sent][] = [
    [200, { path: '/request/' }],
    [200, { path: '/about/' }],
    [200, { path: '/about/' }],
    [200, { path: '/sitemap.xml' }],
    [200, { path: '/readyz' }],
    [301, { path: longestPath('a') }],
    [301, { path: `${longestPath('A')}/`.slice(0, MAX_URL_LENGTH) }],
    [301, { path: `/services/seo?${'utm_source=x&'.repeat(140)}` }],
    [404, { path: `${longestPath('net/')}` }],
    [404, { path: `${longestPath('%3Cscript%3E/')}` }],
    [404, { path: '/blog/?page=abc' }],
    [404, { path: `/assets/${'x'.repeat(1900)}.js` }],
    [414, { path: '/'.repeat(16_000) }],
    [414, { path: `/blog/?${'q'.repeat(MAX_URL_LENGTH)}` }],
    [400, { path: `/${'a'.repeat(1500)}/%E0%A4%A/` }],
    [405, { method: 'POST', path: longestPath('a/') }],
    [403, { method: 'POST', path: '/api/forms/subscribe', headers: { ...json, origin: 'https://evil.example' }, body: '{}' }],
    [401, { method: 'POST', path: '/api/revalidate', headers: json, body: '{"all":true}' }],
    [202, { method: 'POST', path: '/api/revalidate', ...signedRevalidation({ all: true }, SECRET) }],
    [201, { method: 'POST', path: '/api/forms/request', headers: json, body: JSON.stringify(validRequest()) }],
    [422, { method: 'POST', path: '/api/forms/request', headers: json, body: JSON.stringify({ ...validRequest(), email: 'ivan@' }) }],
    [415, { method: 'POST', path: '/api/forms/subscribe', headers: { 'content-type': 'text/plain' }, body: 'x' }],
    [
      413,
      {
        method: 'POST',
        path: '/api/forms/request',
        headers: json,
        body: JSON.stringify({ ...validRequest(), message: 'я'.repeat(70_000) }),
      },
    ],
    [431, { path: '/about/', headers: { 'x-big': 'x'.repeat(20_000) } }],
  ];
  for (const [status, sent] of cases) {
    const answer = await exchange(app, sent);
    const label = `${sent.method ?? 'GET'} ${sent.path.slice(0, 60)}…`;
    expect(answer.status, label).toBe(status);
    expect(answer.headerBytes, label).toBeLessThanOrEqual(MAX_HEADER_BLOCK);
  }
  // 304 to the validator of a cached page.
  let etag: string | undefined;
  for (let i = 0; i < 50 && etag === undefined; i += 1) {
    etag = (await exchange(app, { path: '/contacts/' })).etag;
    if (etag === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const notModified = await exchange(app, { path: '/contacts/', headers: { 'if-none-match': etag ?? '' } });
  expect(notModified.status).toBe(304);
  expect(notModified.headerBytes).toBeLessThanOrEqual(MAX_HEADER_BLOCK);
});

test('the rate limit answer (429) and a page whose content service is down (503) have small header blocks too', async () => {
  const { app } = await createTestApp({ REVALIDATE_SECRET: SECRET, CONTENT_API_URL: 'http://127.0.0.1:9', CONTENT_API_TIMEOUT_MS: '200' });
  const page = await exchange(app, { path: '/about/' });
  expect(page.status).toBe(503);
  expect(page.headerBytes).toBeLessThanOrEqual(MAX_HEADER_BLOCK);
  let last = { status: 0, headerBytes: 0 };
  for (let i = 0; i <= REVALIDATIONS_PER_MINUTE && last.status !== 429; i += 1) {
    last = await exchange(app, { method: 'POST', path: '/api/revalidate', headers: json, body: '{"all":true}' });
  }
  expect(last.status).toBe(429);
  expect(last.headerBytes).toBeLessThanOrEqual(MAX_HEADER_BLOCK);
});
