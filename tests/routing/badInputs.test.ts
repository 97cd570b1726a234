import { connect } from 'node:net';
import { describe, expect, test } from 'vitest';
import { MAX_URL_LENGTH } from '../../server/features/pages/routing/pathSafety.ts';
import { useRoutingApp } from './routingApp.ts';

const app = useRoutingApp();

/** A Location that stays on this site: a path that no browser reads as another host. */
const onSite = (location: string | undefined) => location === undefined || /^\/(?![/\\])/.test(location);

describe('path safety', () => {
  test.each(['//evil.example', '//evil.example/', '//evil.example/path', '/\\evil.example', '/\\evil.example/', '/\\/evil.example'])(
    '%s is answered 400 and never redirected off-site',
    async (path) => {
      const response = await app.get(path);
      expect(response.status).toBe(400);
      expect(response.headers.location).toBeUndefined();
    },
  );

  test.each([
    '/about%0d%0aSet-Cookie:%20a=1',
    '/blog/%0a/',
    '/a%00/',
    '/about/?next=%0D%0ALocation:%20https://evil.example',
    '/services/seo%0D',
  ])('encoded CR/LF/NUL in %s is a 400 with no injected header', async (path) => {
    const response = await app.get(path);
    expect(response.status).toBe(400);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers.location).toBeUndefined();
  });

  test.each(['/blog/%E0%A4%A/', '/%', '/services/%zz/', '/blog/%C0%AF/'])('malformed percent-encoding %s is a 400 page', async (path) => {
    const response = await app.get(path);
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.text).toContain('Ошибка приложения');
  });

  test('a URL over the fixed length is 414', async () => {
    expect((await app.get(`/blog/${'a'.repeat(MAX_URL_LENGTH)}/`)).status).toBe(414);
    expect((await app.get(`/about/?q=${'a'.repeat(MAX_URL_LENGTH)}`)).status).toBe(414);
  });
});

describe('no input makes the server redirect off-site, reflect markup or fail', () => {
  const nasty = [
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
    '/%2F%2Fevil.example/',
    '/.%2F%2Fevil.example',
    '/about/..%2F..%2Fetc%2Fpasswd',
    '/blog/%3Cscript%3Ealert(1)%3C%2Fscript%3E/',
    '/%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    '/blog/"><img src=x onerror=alert(1)>/',
    '/services/%3Cb%3E',
    '/services/../../etc/passwd',
    '/blog/author/%3Csvg%3E/',
    '/projects/%22onmouseover%3D%22alert(1)/',
    '/blog/author/1%3Cscript%3E',
    '/services/seo?%3Cscript%3E=1',
    '/?_data=',
    '/?_data=root,nope',
    '/about/?_data=%3Cx%3E',
    '/blog/SEO/?_data=blog-tag&_data=root',
    '/material/blog/..%2F/',
    '/blog/%F0%9F%98%80/',
    '/services/%E2%80%AE/',
    '/https:/evil.example',
    '/http://evil.example/',
    '/@evil.example',
    '/%20/',
    '/%09/evil.example',
  ];

  test.each(nasty)('%s', async (path) => {
    const response = await app.get(path);
    expect(response.status, path).toBeLessThan(500);
    expect(onSite(response.headers.location), `Location ${response.headers.location}`).toBe(true);
    expect(response.text).not.toMatch(/<script>alert|<img src=x|<svg>|onmouseover="alert/i);
  });

  test.each(nasty)('%s as a data request', async (path) => {
    const response = await app.data(path, 'root');
    expect(response.status, path).toBeLessThan(500);
    const redirect: unknown = response.body?.redirect;
    expect(typeof redirect !== 'string' || onSite(redirect), `redirect ${String(redirect)}`).toBe(true);
  });

  test('a POST to a page path is never redirected (it would silently become a GET)', async () => {
    const response = await app.post('/about');
    expect(response.status).toBe(405);
    expect(response.headers.location).toBeUndefined();
  });

  test('nothing was logged as an error', () => {
    const errors = app.logs().lines.filter((line) => typeof line.level === 'number' && line.level >= 50);
    expect(errors).toEqual([]);
  });
});

/** Sends a request line exactly as written (HTTP clients would normalise these targets). */
function rawRequest(port: number, target: string): Promise<{ status: number; location: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: verf.test\r\nAccept: text/html\r\nConnection: close\r\n\r\n`);
    });
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]),
        location: /\r\nlocation: ([^\r\n]*)/i.exec(head)?.[1],
        body,
      });
    });
  });
}

describe('raw request targets', () => {
  test.each([
    '//evil.example',
    '//evil.example/x',
    '/\\evil.example',
    'http://evil.example/about',
    'https://evil.example/',
    '*',
    '/about/%0d%0aLocation:%20//evil.example',
    '/..//evil.example',
    '/.//evil.example',
    '/\\\\evil.example',
    '/about/"><script>alert(1)</script>',
    '/blog/<svg/onload=alert(1)>',
  ])('%s never redirects off-site, reflects markup or fails', async (target) => {
    const response = await rawRequest(app.port(), target);
    expect(response.status, target).toBeGreaterThanOrEqual(200);
    expect(response.status, target).toBeLessThan(500);
    expect(onSite(response.location), `Location ${response.location}`).toBe(true);
    expect(response.body).not.toMatch(/<script>alert|<svg\/onload/i);
  });
});
