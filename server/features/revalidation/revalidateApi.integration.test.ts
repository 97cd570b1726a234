import request from 'supertest';
import { expect, test, vi } from 'vitest';
import { createTestApp } from '../../../tests/support/testApp.ts';
import { eventually } from '../../../tests/forms/receivers.ts';
import { notifyPayloads } from './postgresBus.ts';
import { MAX_PATHS, type RevalidationTarget } from './revalidationTarget.ts';
import type { RevalidationBus, RevalidationOrigin } from './revalidationBus.ts';
import { REVALIDATIONS_PER_MINUTE } from './revalidateApi.ts';
import type { TagPurger } from './purgers.ts';
import { SIGNATURE_HEADER, signRevalidation } from './signature.ts';
import { renderCount } from '../../../tests/support/renderCount.ts';
import { PageCache } from '../pages/pageCache/pageCache.ts';

const SECRET = 'revalidate-secret-0123456789';
const appWithSecret = () => createTestApp({ REVALIDATE_SECRET: SECRET, PAGE_CACHE_MAX_MB: '16' });
/** The app with a page cache the test holds, to await its background renders (`backgroundIdle`). */
async function appWithPageCache() {
  // A TTL longer than the test: only a revalidation makes a page stale.
  const pageCache = new PageCache({ maxBytes: 16 * 1024 * 1024, ttlMs: 600_000 });
  return { ...(await createTestApp({ REVALIDATE_SECRET: SECRET }, { pageCache })), pageCache };
}
const revalidate = (app: Parameters<typeof request>[0], body: unknown, secret = SECRET) => {
  const text = JSON.stringify(body);
  return request(app)
    .post('/api/revalidate')
    .set('Content-Type', 'application/json')
    .set(SIGNATURE_HEADER, signRevalidation(text, secret))
    .send(text);
};

/** Asks for the page until it is answered from the page cache. */
async function cached(app: Parameters<typeof request>[0], path: string) {
  await eventually(async () => (await request(app).get(path)).headers['x-cache'] === 'HIT', 30_000);
}

test('without REVALIDATE_SECRET the endpoint does not exist', async () => {
  const { app } = await createTestApp();
  const response = await revalidate(app, { all: true });
  expect(response.status).toBe(404);
});

test('an unsigned call, or one signed with another secret, is 401 and changes nothing; the secret as a bearer token is no signature', async () => {
  const { app, content } = await appWithSecret();
  const expire = vi.spyOn(content.client, 'expireCache');
  const unsigned = await request(app).post('/api/revalidate').send({ all: true });
  expect(unsigned.status).toBe(401);
  expect(unsigned.body.error).toMatch(/Нужна подпись/);
  expect((await revalidate(app, { all: true }, `${SECRET}x`)).status).toBe(401);
  expect((await request(app).post('/api/revalidate').set('Authorization', `Bearer ${SECRET}`).send({ all: true })).status).toBe(401);
  expect(expire).not.toHaveBeenCalled();
});

test('a body that is not a list of site paths or {"all": true} is 400 with a Russian message', async () => {
  const { app } = await appWithSecret();
  const bodies: unknown[] = [
    {},
    { all: false },
    { paths: [] },
    { paths: ['blog/'] },
    { paths: ['//evil.example/'] },
    { paths: ['/blog/?page=2'] },
    { paths: ['/блог/'] },
    { paths: Array.from({ length: MAX_PATHS + 1 }, (_, index) => `/blog/${index}/`) },
    { paths: '/blog/' },
  ];
  for (const body of bodies) {
    const response = await revalidate(app, body);
    expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    expect(response.body.error).toMatch(/Ожидается JSON/);
  }
  const broken = await request(app)
    .post('/api/revalidate')
    .set('Content-Type', 'application/json')
    .set(SIGNATURE_HEADER, signRevalidation('{"all": tr', SECRET))
    .send('{"all": tr');
  expect(broken.status).toBe(400);
});

test('revalidating paths expires the content cache; those pages (any query) are still answered while each is rendered afresh once, in the background; other pages stay fresh', async () => {
  const { app, content, pageCache } = await appWithPageCache();
  await cached(app, '/contacts/');
  await cached(app, '/about/');
  await pageCache.backgroundIdle();
  const expire = vi.spyOn(content.client, 'expireCache');
  const before = await renderCount();
  const response = await revalidate(app, { paths: ['/contacts'] });
  expect(response.status).toBe(202);
  expect(response.body).toEqual({ revalidated: ['/contacts'] });
  expect(expire).toHaveBeenCalledTimes(1);
  for (let i = 0; i < 5; i += 1) expect((await request(app).get('/contacts/')).headers['x-cache']).toBe('HIT');
  await pageCache.backgroundIdle();
  expect(await renderCount()).toBe(before + 1);
  expect((await request(app).get('/about/')).headers['x-cache']).toBe('HIT');
  await pageCache.backgroundIdle();
  expect(await renderCount()).toBe(before + 1);
});

test('a burst of {"all": true} re-renders each page once, and no visitor waits for it', async () => {
  const { app, pageCache } = await appWithPageCache();
  await cached(app, '/contacts/');
  await cached(app, '/about/');
  await pageCache.backgroundIdle();
  const before = await renderCount();
  for (let i = 0; i < 5; i += 1) {
    expect((await revalidate(app, { all: true })).status).toBe(202);
    for (const path of ['/contacts/', '/about/']) expect((await request(app).get(path)).headers['x-cache']).toBe('HIT');
  }
  await pageCache.backgroundIdle();
  expect(await renderCount()).toBe(before + 2);
  // Within the coalescing window, more revalidations and requests render nothing more now.
  expect((await revalidate(app, { all: true })).status).toBe(202);
  for (const path of ['/contacts/', '/about/']) expect((await request(app).get(path)).headers['x-cache']).toBe('HIT');
  await pageCache.backgroundIdle();
  expect(await renderCount()).toBe(before + 2);
});

test('the endpoint has a rate limit: beyond it, 429 before the secret is even checked', async () => {
  const { app } = await appWithSecret();
  const answers = [];
  for (let i = 0; i <= REVALIDATIONS_PER_MINUTE; i += 1) answers.push((await revalidate(app, { paths: ['/about/'] }, 'wrong')).status);
  expect(answers.slice(0, REVALIDATIONS_PER_MINUTE).every((status) => status === 401)).toBe(true);
  const refused = await revalidate(app, { all: true });
  expect(refused.status).toBe(429);
  expect(refused.body.error).toMatch(/Слишком много/);
});

test('a long path or tag list is split into NOTIFY payloads PostgreSQL accepts, none lost', () => {
  const paths = Array.from({ length: MAX_PATHS }, (_, index) => `/blog/${'a'.repeat(400)}-${index}/`);
  const payloads = notifyPayloads({ paths });
  expect(payloads.length).toBeGreaterThan(1);
  for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
  expect(payloads.flatMap((payload) => (JSON.parse(payload) as { paths: string[] }).paths)).toEqual(paths);
  expect(notifyPayloads({ all: true })).toEqual(['{"all":true}']);
  const tags = Array.from({ length: MAX_PATHS }, (_, index) => `articles:${'a'.repeat(150)}-${index}`);
  const tagPayloads = notifyPayloads({ tags });
  expect(tagPayloads.length).toBeGreaterThan(1);
  for (const payload of tagPayloads) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
  expect(tagPayloads.flatMap((payload) => (JSON.parse(payload) as { tags: string[] }).tags)).toEqual(tags);
});

const signed = (app: Parameters<typeof request>[0], body: string, signature: string) =>
  request(app).post('/api/revalidate').set('Content-Type', 'application/json').set(SIGNATURE_HEADER, signature).send(body);

/** A purge target that records what it was asked to purge. */
function recordingPurger() {
  const purged: string[][] = [];
  const purger: TagPurger = { name: 'recording', invalidateTags: async (tags) => void purged.push([...tags]) };
  return { purged, purger };
}

test('a publish event signed with the secret purges its record and its type, in this process and at every purge target', async () => {
  const { purged, purger } = recordingPurger();
  const { app, content } = await createTestApp({ REVALIDATE_SECRET: SECRET, PAGE_CACHE_MAX_MB: '0' }, { purgers: [purger] });
  const expire = vi.spyOn(content.client, 'expireCache');
  const body = JSON.stringify({ data: { type: 'articles', id: 'chek-list-ux-audita', attributes: { title: '…' } } });
  const response = await signed(app, body, signRevalidation(body, SECRET));
  expect(response.status).toBe(202);
  // Purged before the answer, which says so per target.
  expect(response.body).toEqual({
    revalidated: { tags: ['articles:chek-list-ux-audita', 'articles'] },
    purges: [{ target: 'recording', purged: ['articles:chek-list-ux-audita', 'articles'] }],
  });
  expect(expire).toHaveBeenCalledTimes(1);
  expect(purged).toEqual([['articles:chek-list-ux-audita', 'articles']]);
});

test('tags, paths and {"all": true} reach the purge targets as tags', async () => {
  const { purged, purger } = recordingPurger();
  const { app } = await createTestApp({ REVALIDATE_SECRET: SECRET, PAGE_CACHE_MAX_MB: '0' }, { purgers: [purger] });
  expect((await revalidate(app, { tags: ['menu', 'authors:7'] })).status).toBe(202);
  expect((await revalidate(app, { paths: ['/blog'] })).status).toBe(202);
  expect((await revalidate(app, { all: true })).status).toBe(202);
  expect(purged).toEqual([['menu', 'authors:7'], ['path:/blog', 'path:/blog/'], ['site']]);
});

test('a wrong signature, an old timestamp or a malformed event is a 4xx and changes nothing', async () => {
  const { purged, purger } = recordingPurger();
  const { app, content } = await createTestApp({ REVALIDATE_SECRET: SECRET, PAGE_CACHE_MAX_MB: '0' }, { purgers: [purger] });
  const expire = vi.spyOn(content.client, 'expireCache');
  const body = JSON.stringify({ data: { type: 'articles', id: 'x' } });
  const wrong = await signed(app, body, signRevalidation(body, `${SECRET}x`));
  expect(wrong.status).toBe(401);
  expect(wrong.body.error).toMatch(/не сходится/);
  const tampered = await signed(app, body.replace('"x"', '"y"'), signRevalidation(body, SECRET));
  expect(tampered.status).toBe(401);
  const old = await signed(app, body, signRevalidation(body, SECRET, Date.now() - 10 * 60_000));
  expect(old.status).toBe(401);
  expect(old.body.error).toMatch(/устарела/);
  for (const malformed of [
    { data: { type: 'articles' } },
    { data: { type: 'a b', id: 'x' } },
    { data: [] },
    { tags: ['a,b'] },
    { tags: [] },
  ]) {
    const text = JSON.stringify(malformed);
    const response = await signed(app, text, signRevalidation(text, SECRET));
    expect(response.status, text).toBe(400);
  }
  expect(expire).not.toHaveBeenCalled();
  // Purges go out in the order of the calls: a valid event's purge arriving first proves the refused ones sent none.
  const valid = JSON.stringify({ data: { type: 'articles', id: 'x' } });
  expect((await signed(app, valid, signRevalidation(valid, SECRET))).status).toBe(202);
  expect(purged).toEqual([['articles:x', 'articles']]);
});

test('a purge target that fails is named in the answer, counted, and its tags are queued for a retry', async () => {
  const failing: TagPurger = {
    name: 'varnish http://127.0.0.1:9',
    invalidateTags: () => Promise.reject(new Error('PURGE answered 400')),
  };
  const { purged, purger } = recordingPurger();
  const { app } = await createTestApp({ REVALIDATE_SECRET: SECRET, PAGE_CACHE_MAX_MB: '0' }, { purgers: [failing, purger] });
  const response = await revalidate(app, { tags: ['pages:contacts'] });
  expect(response.status).toBe(202);
  expect(response.body.purges).toEqual([
    { target: 'varnish http://127.0.0.1:9', failed: ['pages:contacts'], error: 'PURGE answered 400', queued: true },
    { target: 'recording', purged: ['pages:contacts'] },
  ]);
  expect(purged).toEqual([['pages:contacts']]);
});

test('a publish of a redirect purges the paths it redirects from and to, not every page', async () => {
  const { purged, purger } = recordingPurger();
  const { app, content } = await createTestApp({ REVALIDATE_SECRET: SECRET, PAGE_CACHE_MAX_MB: '0' }, { purgers: [purger] });
  // No page carries the redirect list's tag: only the paths its routing looked up.
  const contacts = await request(app).get('/contacts/');
  expect(String(contacts.headers['surrogate-key']).split(' ')).not.toContain('redirects');
  expect(String(contacts.headers['surrogate-key']).split(' ')).toContain('redirects:/contacts/');
  // The CMS adds a redirect from /kontakty/ to /contacts/.
  vi.spyOn(content.client, 'redirectChanges').mockResolvedValue(['/kontakty/', '/contacts/']);
  const response = await revalidate(app, { data: { type: 'redirects', id: 'c0ffee' } });
  expect(response.status).toBe(202);
  expect(purged).toEqual([['redirects:c0ffee', 'redirects', 'redirects:/kontakty/', 'redirects:/contacts/']]);
});

test('a revalidation that arrives on the bus (a publish of another instance, {"all": true} after a reconnect) revalidates this instance only and purges nothing in front', async () => {
  const { purged, purger } = recordingPurger();
  const appliers: ((target: RevalidationTarget, origin: RevalidationOrigin) => void)[] = [];
  const bus: RevalidationBus = {
    subscribe: (apply) => void appliers.push(apply),
    publish: async () => undefined,
    close: async () => undefined,
  };
  const { content } = await createTestApp({ PAGE_CACHE_MAX_MB: '0' }, { purgers: [purger], revalidationBus: bus });
  const expire = vi.spyOn(content.client, 'expireCache');
  for (const apply of appliers) {
    apply({ all: true }, 'publish');
    apply({ all: true }, 'resync');
  }
  expect(expire).toHaveBeenCalledTimes(2);
  expect(purged).toEqual([]);
});
