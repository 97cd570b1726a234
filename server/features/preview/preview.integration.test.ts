import request from 'supertest';
import { expect, test } from 'vitest';
import { createTestApp } from '../../../tests/support/testApp.ts';
import { PREVIEW_COOKIE } from './previewCookie.ts';
import { cookieValue, linkToken } from './previewSignature.ts';

// Decision 021: an editor opens a signed link from the CMS and sees the unpublished article as
// it will look; nobody else ever does, and no cache keeps it.

const SECRET = 'preview-secret-0123456789-abcdefghij';
const DRAFT = '/material/blog/chernovik-kak-my-pishem-tz/';
const DRAFT_TITLE = 'Как мы пишем техническое задание вместе с клиентом';

const now = () => Math.floor(Date.now() / 1000);
const previewLink = (path: string, expiresAt = now() + 600, secret = SECRET) =>
  `/api/preview?path=${encodeURIComponent(path)}&expires=${expiresAt}&token=${linkToken(secret, path, expiresAt)}`;
/** The `name=value` part of the cookie the link set, as a browser sends it back. */
const cookieOf = (setCookie: string[] | string | undefined) => String([setCookie].flat()[0]).split(';')[0]!;

async function openPreview(app: Parameters<typeof request>[0], path = DRAFT) {
  const opened = await request(app).get(previewLink(path));
  expect(opened.status).toBe(303);
  return cookieOf(opened.headers['set-cookie']);
}

test('a valid signed link sets an hour-long HttpOnly, Secure, SameSite=Lax cookie for that page and redirects to it', async () => {
  const { app } = await createTestApp({ PREVIEW_SECRET: SECRET });
  const response = await request(app).get(previewLink(DRAFT));
  expect(response.status).toBe(303);
  expect(response.headers['location']).toBe(DRAFT);
  expect(response.headers['cache-control']).toBe('no-store');
  const setCookie = String([response.headers['set-cookie']].flat()[0]);
  expect(setCookie).toMatch(new RegExp(`^${PREVIEW_COOKIE}=\\d+\\.[0-9a-f]{64};`));
  for (const attribute of ['Max-Age=3600', `Path=${DRAFT}`, 'HttpOnly', 'Secure', 'SameSite=Lax']) expect(setCookie).toContain(attribute);
});

test('the draft is shown only in a preview, with the banner, noindex and never from or into the page cache', async () => {
  const { app } = await createTestApp({ PREVIEW_SECRET: SECRET, PAGE_CACHE_MAX_MB: '16' });
  expect((await request(app).get(DRAFT)).status).toBe(404);

  const cookie = await openPreview(app);
  for (let visit = 0; visit < 2; visit += 1) {
    const page = await request(app).get(DRAFT).set('Cookie', cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain(DRAFT_TITLE);
    expect(page.text).toContain('Предпросмотр');
    expect(page.text).toContain(`action="/api/preview/end?path=${encodeURIComponent(DRAFT)}"`);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(page.headers['x-cache']).not.toBe('HIT');
  }

  // The cookie previews that page only: sent (Path) and signed for it, another page is the public one.
  const elsewhere = await request(app).get('/blog/').set('Cookie', cookie);
  expect(elsewhere.text).not.toContain('Предпросмотр');
  expect(elsewhere.text).not.toContain(DRAFT);

  // The blog list in preview has the draft; the public one, rendered and cached after it, does not.
  const blogCookie = await openPreview(app, '/blog/');
  const previewBlog = await request(app).get('/blog/').set('Cookie', blogCookie);
  expect(previewBlog.text).toContain(DRAFT);
  expect(previewBlog.headers['x-cache']).not.toBe('HIT');
  for (let visit = 0; visit < 2; visit += 1) {
    const blog = await request(app).get('/blog/');
    expect(blog.status).toBe(200);
    expect(blog.text).not.toContain(DRAFT);
    expect(blog.text).not.toContain('Предпросмотр');
    expect(blog.headers['x-robots-tag']).toBeUndefined();
  }
  // The public page is stored once it has streamed (HEAD polls cannot replace the entry).
  await expect.poll(async () => (await request(app).head('/blog/')).headers['x-cache'], { timeout: 2000 }).toBe('HIT');
  const cached = await request(app).get('/blog/');
  expect(cached.headers['x-cache']).toBe('HIT');
  expect(cached.text).not.toContain(DRAFT);
  // A published page cached for everyone is rendered afresh for the editor.
  const editorsBlog = await request(app).get('/blog/').set('Cookie', blogCookie);
  expect(editorsBlog.headers['x-cache']).not.toBe('HIT');
  expect(editorsBlog.text).toContain(DRAFT);
  expect((await request(app).get(DRAFT)).status).toBe(404);
});

test('a bad, expired, too long-lived or off-site link is refused and sets nothing', async () => {
  const { app } = await createTestApp({ PREVIEW_SECRET: SECRET });
  const expiresAt = now() + 600;
  const refused = [
    previewLink(DRAFT, expiresAt, 'another-secret-0123456789-abcdefghijk'),
    previewLink(DRAFT, now() - 1),
    previewLink(DRAFT, now() + 7 * 24 * 60 * 60),
    // Links live minutes: one valid for an hour ahead is not accepted.
    previewLink(DRAFT, now() + 60 * 60),
    previewLink('//evil.example/'),
    previewLink('https://evil.example/'),
    // Signed for one path, used for another.
    `/api/preview?path=${encodeURIComponent('/blog/')}&expires=${expiresAt}&token=${linkToken(SECRET, DRAFT, expiresAt)}`,
    `/api/preview?path=${encodeURIComponent(DRAFT)}&expires=${expiresAt}`,
    '/api/preview',
  ];
  for (const link of refused) {
    const response = await request(app).get(link);
    expect(response.status, link).toBe(403);
    expect(response.headers['set-cookie'], link).toBeUndefined();
  }
});

test('a forged or expired cookie is no preview', async () => {
  const { app } = await createTestApp({ PREVIEW_SECRET: SECRET });
  const forged = `${PREVIEW_COOKIE}=${cookieValue('another-secret-0123456789-abcdefghijk', DRAFT, now() + 600)}`;
  const expired = `${PREVIEW_COOKIE}=${cookieValue(SECRET, DRAFT, now() - 1)}`;
  const tampered = `${PREVIEW_COOKIE}=${String(now() + 600)}.${'0'.repeat(64)}`;
  // Signed for another page, sent here anyway (a cookie copied by hand).
  const otherPage = `${PREVIEW_COOKIE}=${cookieValue(SECRET, '/blog/', now() + 600)}`;
  for (const cookie of [forged, expired, tampered, otherPage]) {
    const page = await request(app).get(DRAFT).set('Cookie', cookie);
    expect(page.status, cookie).toBe(404);
    expect(page.headers['x-robots-tag']).toBeUndefined();
  }
});

test('the banner’s button ends the preview with a POST and returns to the page; a GET or another site cannot', async () => {
  const { app } = await createTestApp({ PREVIEW_SECRET: SECRET });
  const end = `/api/preview/end?path=${encodeURIComponent('/blog/')}`;
  const ended = await request(app).post(end).set('Origin', 'https://verf.test');
  expect(ended.status).toBe(303);
  expect(ended.headers['location']).toBe('/blog/');
  const setCookie = String([ended.headers['set-cookie']].flat()[0]);
  expect(setCookie).toMatch(new RegExp(`^${PREVIEW_COOKIE}=;`));
  expect(setCookie).toContain('Max-Age=0');
  // Cleared under the Path it was set with: a cookie is replaced only there.
  expect(setCookie).toContain('Path=/blog/');
  const offSite = await request(app).post(`/api/preview/end?path=${encodeURIComponent('//evil.example/')}`);
  expect(offSite.headers['location']).toBe('/');
  // A link or an image of another site (a GET) ends nothing; neither does its form (a cross-site POST).
  const byLink = await request(app).get(end);
  expect(byLink.status).toBe(405);
  expect(byLink.headers['allow']).toBe('POST');
  expect(byLink.headers['set-cookie']).toBeUndefined();
  const crossSite = await request(app).post(end).set('Origin', 'https://evil.example');
  expect(crossSite.status).toBe(403);
  expect(crossSite.headers['set-cookie']).toBeUndefined();
});

test('without PREVIEW_SECRET the preview endpoints do not exist and no cookie opens a preview', async () => {
  const { app } = await createTestApp();
  expect((await request(app).get(previewLink(DRAFT))).status).toBe(404);
  expect((await request(app).post('/api/preview/end')).status).toBe(404);
  const page = await request(app)
    .get(DRAFT)
    .set('Cookie', `${PREVIEW_COOKIE}=${cookieValue(SECRET, DRAFT, now() + 600)}`);
  expect(page.status).toBe(404);
});
