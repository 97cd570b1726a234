import { request as httpRequest, createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PageCache, pageCacheKey } from '../../server/features/pages/pageCache/pageCache.ts';
import { ONE_URL_PER_PAGE, SPEC_INDUSTRIES } from '../routing/specification.ts';
import { createTestApp } from '../support/testApp.ts';
import { pathVariantOf } from './arbitraries.ts';
import { FUZZ_RUNS, FUZZ_SEED, propertyTimeoutMs } from './settings.ts';

// One URL per page (docs/decisions/018-…): every form of a page's path that a browser resolves to
// the page is one 301 to its canonical URL, a form that resolves to `//…` is a 404, none is ever
// a 200 page, and none adds an entry to the page cache. The canonical URLs are the
// specification's (tests/routing/specification.ts), one of every route kind.

/** Route kind → its canonical path, and whether §5 compares its last segment's case itself. */
const ROUTE_KINDS: readonly (readonly [string, string, boolean])[] = [
  ['home', '/', false],
  ...Object.entries(ONE_URL_PER_PAGE).map(([kind, path]) => [kind, path, false] as const),
  ['blog tag', '/blog/razrabotka/', false],
  // An industry slug in another case is not found (§5): its case is kept, the rest varies.
  ['industry', `/projects/${SPEC_INDUSTRIES[0]}/`, true],
];
const QUERIES = ['', '?utm_source=ya', '?b=1&a=2'];

let server: Server;
const pageCache = new PageCache({ maxBytes: 64 * 1024 * 1024, ttlMs: 60_000 });

beforeAll(async () => {
  const { app } = await createTestApp({}, { pageCache });
  server = createServer(app).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** GET of a request target exactly as written: a client library would resolve its dots and backslashes first. */
function getRaw(target: string): Promise<{ status: number; location: string | undefined }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: target, headers: { accept: 'text/html' } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
    });
    req.on('error', reject);
    req.end();
  });
}

for (const [kind, canonical, keepSlugCase] of ROUTE_KINDS) {
  test(
    `${kind}: every variant of ${canonical} is one 301 to it or a 404, never a page, never a cache entry`,
    async () => {
      await fc.assert(
        fc.asyncProperty(pathVariantOf(canonical, { keepSlugCase }), fc.constantFrom(...QUERIES), async (variant, query) => {
          const entries = pageCache.size;
          const answer = await getRaw(variant + query);
          // Where a browser takes the variant: the page, or a path that would be another host.
          const offSite = new URL(`http://verf.test${variant}`).pathname.startsWith('//');
          const expected = offSite ? { status: 404, location: undefined } : { status: 301, location: canonical + query };
          expect(answer, variant).toEqual(expected);
          expect(pageCacheKey('GET', variant + query), variant).toBeUndefined();
          expect(pageCache.size, `${variant} added a page-cache entry`).toBe(entries);
        }),
        { numRuns: FUZZ_RUNS, seed: FUZZ_SEED },
      );
      // The canonical URL itself is the page, and the one entry it makes.
      expect((await getRaw(canonical)).status).toBe(200);
      await pageCache.storeOf(canonical);
      expect(pageCache.get(canonical)?.status).toBe(200);
    },
    propertyTimeoutMs(),
  );
}
