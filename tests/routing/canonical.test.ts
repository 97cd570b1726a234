import { describe, expect, test } from 'vitest';
import { useRoutingApp } from './routingApp.ts';
import { nonCanonicalVariants, ONE_URL_PER_PAGE } from './specification.ts';

const app = useRoutingApp();

describe('one URL per page', () => {
  for (const [kind, canonical] of Object.entries(ONE_URL_PER_PAGE)) {
    test.each(nonCanonicalVariants(canonical))(`${kind}: %s is one 301 to ${canonical}, query kept`, async (variant) => {
      await app.expectOneHop(variant, canonical);
      await app.expectOneHop(`${variant}?utm_source=ya&b=1`, `${canonical}?utm_source=ya&b=1`);
    });

    test(`${kind}: without the trailing slash and in upper case is still one hop`, async () => {
      await app.expectOneHop(canonical.toUpperCase().slice(0, -1), canonical);
    });
  }

  test('an old service path in another case reaches the new path in one hop', async () => {
    await app.expectOneHop('/Services/SEO', '/services/prodvizhenie/seo/');
  });

  test('§5: a blog tag in another case is "Moved to /blog/{slug}/" in one hop, even under an upper-case /BLOG/', async () => {
    const response = await app.get('/BLOG/Razrabotka');
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe('/blog/razrabotka/');
    expect(response.text).toBe('Moved to /blog/razrabotka/');
  });

  test('§5: an unknown blog tag in upper case is not found, not redirected', async () => {
    expect((await app.get('/blog/NET-TAKOGO/')).status).toBe(404);
  });

  test('a path that names no route in any case is the 404 page, not a redirect', async () => {
    expect((await app.get('/Net/Takoy/Stranitsy/Zdes/')).status).toBe(404);
  });

  test('a client navigation to a variant is told the canonical URL as JSON', async () => {
    const response = await app.data('/About/', 'about');
    expect(response.body).toEqual({ redirect: '/about/', status: 301 });
  });
});

describe('declared query parameters', () => {
  test.each(['?page=abc', '?page=0', '?page=007', '?page=1e3', '?page=99999'])(
    '/blog/%s is a 404 before any render, never stored',
    async (query) => {
      for (let round = 0; round < 3; round += 1) {
        const response = await app.get(`/blog/${query}`);
        expect(response.status).toBe(404);
        expect(response.headers['x-cache']).toBeUndefined();
        expect(response.headers['cache-control']).toBe('no-store');
      }
    },
  );

  test('a service type outside the categories is a 404; a category and no value are the form', async () => {
    expect((await app.get('/request/?serviceType=x7Gq')).status).toBe(404);
    expect((await app.get(`/request/?serviceType=${encodeURIComponent('Дизайн')}`)).status).toBe(200);
    expect((await app.get('/request/?serviceType=')).status).toBe(200);
  });

  test('parameters a route does not declare never make a 404', async () => {
    expect((await app.get('/about/?page=abc&serviceType=x')).status).toBe(200);
  });
});
