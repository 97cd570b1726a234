import { afterAll, beforeAll, expect, test } from 'vitest';
import { signRevalidation, SIGNATURE_HEADER } from '../../server/features/revalidation/signature.ts';
import { startAlteredContent, type JsonApiDocument } from '../support/alteredContent.ts';
import { freshPostgresSchema, testPostgresUrl } from '../support/postgres.ts';
import { freePort, startServer, type RunningServer } from '../support/startServer.ts';
import { hasVarnish, startVarnish, TEST_PURGE_SECRET, vclFor, type RunningVarnish } from './varnishd.ts';

// The repository's VCL (docs/varnish/site.vcl) with a real varnishd in front of two instances of
// the production build on one PostgreSQL, as docs/deploy.md deploys them (decision 027). Whether
// Varnish answered from its cache is read from `X-Varnish`: a hit names the request and the
// request that fetched the copy; a fetch names one request.

const SECRET = 'varnish-test-revalidate-secret';
const ARTICLE = '/material/blog/chek-list-ux-audita/';
const OLD_TITLE = 'Чек-лист UX-аудита сайта: 35 пунктов, которые мы проверяем';
const NEW_TITLE = 'Чек-лист UX-аудита сайта: 40 пунктов после правки редактора';
const NEW_REDIRECT = { from: '/vesennyaya-akciya/', to: '/contacts/' };

const databaseUrl = await testPostgresUrl();
const runs = hasVarnish && databaseUrl !== undefined;

interface Answer {
  readonly status: number;
  readonly body: string;
  /** The id of the request that fetched the copy answered (a hit), or undefined (fetched for this request). */
  readonly copyOf: string | undefined;
  readonly headers: Headers;
}

let varnish: RunningVarnish;
let instances: RunningServer[] = [];
let content: Awaited<ReturnType<typeof startAlteredContent>>;
let schema: Awaited<ReturnType<typeof freshPostgresSchema>>;

async function get(path: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(`${varnish.url}${path}`, { redirect: 'manual', ...init });
  const ids = (response.headers.get('x-varnish') ?? '').split(' ');
  return { status: response.status, body: await response.text(), copyOf: ids.length === 2 ? ids[1] : undefined, headers: response.headers };
}

async function publish(data: { type: string; id: string }): Promise<void> {
  const body = JSON.stringify({ data });
  const response = await fetch(`${instances[0]!.url}/api/revalidate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [SIGNATURE_HEADER]: signRevalidation(body, SECRET) },
    body,
  });
  expect(response.status).toBe(202);
}

/** Asks until `check` holds; the time it took. */
async function until(what: string, check: () => Promise<boolean>, ceilingMs = 15_000): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > ceilingMs) throw new Error(`not within ${ceilingMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return performance.now() - started;
}

beforeAll(async () => {
  if (!runs) return;
  schema = await freshPostgresSchema(databaseUrl);
  content = await startAlteredContent();
  // The instances need Varnish's address (VARNISH_URLS, PUBLIC_BASE_URL) and Varnish theirs.
  const port = await freePort();
  const env = {
    DATABASE_URL: schema.url,
    CONTENT_API_URL: content.url,
    REVALIDATE_SECRET: SECRET,
    VARNISH_PURGE_SECRET: TEST_PURGE_SECRET,
    LOG_LEVEL: 'warn',
  };
  const publicEnv = { ...env, PUBLIC_BASE_URL: `http://127.0.0.1:${port}`, VARNISH_URLS: `http://127.0.0.1:${port}` };
  instances = await Promise.all([startServer(publicEnv), startServer(publicEnv)]);
  varnish = await startVarnish(await vclFor(instances.map((instance) => ({ host: '127.0.0.1', port: instance.port }))), port);
}, 180_000);

afterAll(async () => {
  if (!runs) return;
  await varnish?.stop();
  await Promise.all(instances.map((instance) => instance.stop()));
  await content?.close();
  await schema?.drop();
}, 60_000);

test.skipIf(!runs)(
  'Varnish serves every page from its copies, a publish refreshes exactly what showed the record, and the copies outlive the instances',
  async () => {
    // ---- A crawl of the sitemap, twice: the second pass is answered by Varnish alone.
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(locs.length).toBeGreaterThan(20);
    const feeds = ['/blog/rss.xml', '/blog/atom.xml', '/blog/feed.json', '/blog/dizayn/rss.xml', '/blog/analitika/feed.json'];
    const crawled = [...new Set([...locs, ...feeds, '/sitemap.xml', '/blog/?_data=root,blog'])];
    for (const path of crawled) expect((await get(path)).status, path).toBe(200);
    const copies = new Map<string, Answer>();
    for (const path of crawled) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.copyOf, `${path} is a Varnish hit`).toBeDefined();
      // The tags are for the caches: a visitor never sees them.
      expect(answer.headers.get('surrogate-key'), path).toBeNull();
      expect(answer.headers.get('cache-tag'), path).toBeNull();
      copies.set(path, answer);
    }

    // ---- The article is edited in the CMS and its publish event sent.
    const showedArticle = crawled.filter((path) => copies.get(path)!.body.includes(OLD_TITLE));
    expect(showedArticle).toEqual(expect.arrayContaining([ARTICLE, '/blog/dizayn/', '/blog/analitika/', '/blog/rss.xml']));
    expect(showedArticle.some((path) => path.startsWith('/blog/author/'))).toBe(true);
    content.alter((document: JsonApiDocument) => {
      Object.assign(document, JSON.parse(JSON.stringify(document).replaceAll(OLD_TITLE, NEW_TITLE)));
    });
    await publish({ type: 'articles', id: 'chek-list-ux-audita' });
    const refreshed = async (path: string) => {
      const answer = await get(path);
      last = `${path}: ${answer.status} copy of ${answer.copyOf} (before ${copies.get(path)!.copyOf}), old title ${answer.body.includes(OLD_TITLE)}; ${instances.map((i) => i.output().slice(-2000)).join('\n')}`;
      return answer.status === 200 && answer.copyOf !== copies.get(path)!.copyOf && !answer.body.includes(OLD_TITLE);
    };
    // Each page that showed the article, the feeds and the sitemap: a copy fetched after the publish.
    let last = '';
    const took: number[] = [];
    for (const path of [...new Set([...showedArticle, ...feeds, '/sitemap.xml', '/blog/', '/blog/?_data=root,blog'])]) {
      took.push(
        await until(`${path} refreshed`, () => refreshed(path)).catch((error: Error) =>
          Promise.reject(new Error(`${error.message}\n${last}`)),
        ),
      );
    }
    expect((await get(ARTICLE)).body).toContain(NEW_TITLE);
    // An unrelated page is still the copy Varnish had: nothing was fetched from the instances for it.
    const contacts = await get('/contacts/');
    expect(contacts.copyOf).toBe(copies.get('/contacts/')!.copyOf);
    // Under load the machine's two cores are shared; the first page is the one that waited for the bus.
    expect(took[0]).toBeLessThan(5000);

    // ---- A redirect added in the CMS takes effect with its publish event, its path never named.
    expect((await get(NEW_REDIRECT.from)).status).toBe(404);
    expect((await get(NEW_REDIRECT.from)).copyOf, 'a 404 page is kept too').toBeDefined();
    content.alter((document: JsonApiDocument, path: string) => {
      Object.assign(document, JSON.parse(JSON.stringify(document).replaceAll(OLD_TITLE, NEW_TITLE)));
      if (path.endsWith('/redirects') && Array.isArray(document.data)) {
        document.data.push({ type: 'redirects', id: 'vesennyaya-akciya', attributes: { ...NEW_REDIRECT } });
      }
    });
    await publish({ type: 'redirects', id: 'vesennyaya-akciya' });
    await until('the new redirect', async () => {
      const answer = await get(NEW_REDIRECT.from);
      return answer.status === 301 && answer.headers.get('location') === NEW_REDIRECT.to;
    });

    // ---- An editor's preview and a form post go to an instance, every time.
    for (let i = 0; i < 2; i += 1) {
      const preview = await get('/contacts/', { headers: { Cookie: 'verf_preview=not-a-valid-one' } });
      expect(preview.copyOf, 'a preview is never a hit').toBeUndefined();
      const post = await get('/api/forms/', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      expect(post.copyOf, 'a form post is never a hit').toBeUndefined();
      // A page with a form's result (decision 030) is private: passed with its cookie, never kept.
      const result = await get('/subscribe/?_result=00000000-0000-4000-8000-000000000000', {
        headers: { Cookie: 'verf_form_result=00000000-0000-4000-8000-000000000000' },
      });
      expect(result.status).toBe(200);
      expect(result.headers.get('cache-control')).toMatch(/private/);
      expect(result.copyOf, 'a form result page is never a hit').toBeUndefined();
    }

    // ---- Every instance stopped: what was crawled is still served.
    await Promise.all(instances.map((instance) => instance.stop()));
    await until('Varnish to see the instances down', async () => (await fetch(`${varnish.url}/readyz`)).status >= 500);
    for (const path of crawled) expect((await get(path)).status, path).toBe(200);
  },
  600_000,
);
