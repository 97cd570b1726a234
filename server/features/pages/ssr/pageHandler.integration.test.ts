import request from 'supertest';
import { expect, test } from 'vitest';
import { createTestApp, readManifest } from '../../../../tests/support/testApp.ts';
import { routeDataTextOf } from '../../../../tests/support/inlineElements.ts';
import { bootScriptOf } from './bootScript.ts';

test('a page is a complete Russian HTML document with the route data for hydration', async () => {
  const { app } = await createTestApp();
  const response = await request(app).get('/about/');
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(response.text.startsWith('<!DOCTYPE html><html lang="ru">')).toBe(true);
  // The title is the about page's own, from the content service (seed/pages/about.json).
  expect(response.text).toContain('<title>О студии «Верфь»</title>');
  // The route data, then the boot script, last in <body>: the data is there when the entry runs.
  const data = routeDataTextOf(response.text) ?? '';
  const dataEnd = response.text.indexOf(data) + data.length;
  expect(data).not.toBe('');
  expect(response.text.slice(dataEnd)).toMatch(/^<\/script><script>[\s\S]*\)<\/script><\/body><\/html>$/);
  expect(bootScriptOf(response.text.slice(dataEnd))).toBeDefined();
  expect(JSON.parse(data)).toMatchObject({
    loaderData: { root: { publicBaseUrl: 'https://verf.test' } },
    errors: null,
  });
});

test('no inline script carries a nonce: scripts run by their hashes and the entry is started by one of them', async () => {
  const { app } = await createTestApp();
  const manifest = readManifest();
  const response = await request(app).get('/');
  const csp = String(response.headers['content-security-policy']);
  expect(csp).toMatch(/script-src 'self' 'strict-dynamic' 'sha256-/);
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(response.text).not.toContain('nonce');
  // No parser-inserted external script: 'strict-dynamic' would refuse it.
  expect(response.text).not.toMatch(/<script[^>]*\ssrc=/);
  expect(bootScriptOf(response.text)?.entry).toBe(manifest.entry);
});

test('pages carry the build id, a canonical Link header and a canonical link from PUBLIC_BASE_URL', async () => {
  const { app } = await createTestApp();
  const response = await request(app).get('/contacts/?utm_source=mail').set('Host', 'evil.example').set('X-Forwarded-Host', 'evil.example');
  expect(response.headers['x-build-id']).toBe(readManifest().buildId);
  expect(response.headers.link).toBe('<https://verf.test/contacts/>; rel="canonical"');
  expect(response.text).toContain('<link rel="canonical" href="https://verf.test/contacts/"/>');
  expect(response.text).not.toContain('evil.example');
  expect(response.headers['x-powered-by']).toBeUndefined();
});

test("after the first paint the page preloads exactly the entry's and the current page's chunks, and none before it", async () => {
  const { app } = await createTestApp();
  const manifest = readManifest();
  const response = await request(app).get('/blog/');
  expect(response.text).not.toMatch(/<link[^>]*modulepreload/);
  const preloaded = new Set(bootScriptOf(response.text)?.preloads);
  const expected = new Set([manifest.entry, ...manifest.entryImports, ...(manifest.pages.blog ?? [])]);
  expect(preloaded).toEqual(expected);
});

test('an unknown path is a 404 page that shows the full path, HTML-escaped', async () => {
  const { app } = await createTestApp();
  const response = await request(app).get('/no/such/page/%3Cscript%3Ealert(1)%3C/script%3E/');
  expect(response.status).toBe(404);
  expect(response.headers['cache-control']).toBe('no-store');
  // §2: the 404 page has its canonical link too, in the page only: no header echoes the path asked for.
  expect(response.headers.link).toBeUndefined();
  expect(response.text).toContain('<link rel="canonical" href="https://verf.test/no/such/page/%3Cscript%3Ealert(1)%3C/script%3E/"/>');
  expect(response.text).toContain('Страница не найдена');
  expect(response.text).toContain('Возможно, она устарела, была удалена или в адресе допущена опечатка.');
  expect(response.text).toContain('Перейти на главную');
  expect(response.text).toContain('/no/such/page/&lt;script&gt;alert(1)&lt;/script&gt;/');
  expect(response.text).not.toContain('<script>alert(1)');
});

test('an unmatched path is the 404 page inside the site: header, footer, the styled way home and the full path with its query', async () => {
  const { app } = await createTestApp();
  for (const [path, shown] of [
    ['/nope/x/', '/nope/x/'],
    ['/nope/x/?from=mail&b=2', '/nope/x/?from=mail&amp;b=2'],
    ['/blog/?page=0', '/blog/?page=0'],
  ] as const) {
    const response = await request(app).get(path);
    expect(response.status).toBe(404);
    expect(response.text).toMatch(/<header[\s>]/);
    expect(response.text).toMatch(/<footer[\s>]/);
    expect(response.text).toContain(`Page Not Found: <code>${shown}</code>`);
    // The way home is the site's button (shared/ui/Button.tsx), inside the laid-out error block.
    expect(response.text).toMatch(/<section[^>]*data-error-page=""[\s\S]*<a[^>]*data-button=""[^>]*href="\/"[\s\S]*Перейти на главную/);
  }
});

test("a data request answers JSON with the loaders' results instead of HTML", async () => {
  const { app } = await createTestApp();
  const response = await request(app).get('/about/?_data=about');
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toContain('application/json');
  expect(response.body).toMatchObject({ status: 200, errors: null });
  expect(Object.keys(response.body.loaderData)).toEqual(['about']);

  // An unmatched path has a route of its own under the root (the browser asks for it by its id).
  const missing = await request(app).get('/missing/?_data=root,not-found');
  expect(missing.body.status).toBe(404);
  expect(Object.keys(missing.body.loaderData)).toEqual(['root']);
  expect(missing.body.errors['not-found']).toMatchObject({ __type: 'RouteErrorResponse', status: 404 });
});

test('a HEAD request gets the headers of the page and no body', async () => {
  const { app } = await createTestApp();
  const response = await request(app).head('/about/');
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(response.text).toBeUndefined();
});

test('a crawler gets the same whole page as a browser: the heading and the document to its end', async () => {
  const { app } = await createTestApp();
  const crawler = await request(app).get('/').set('User-Agent', 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)');
  const browser = await request(app)
    .get('/')
    .set('User-Agent', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36');
  expect(crawler.status).toBe(200);
  expect(crawler.text).toMatch(/<h1[ >]/);
  expect(crawler.text.trimEnd().endsWith('</html>')).toBe(true);
  // Only the render time differs between two renders.
  const withoutRenderTime = (html: string) => html.replace(/"renderedAt":"[^"]*"/g, '');
  expect(withoutRenderTime(crawler.text)).toBe(withoutRenderTime(browser.text));
});
