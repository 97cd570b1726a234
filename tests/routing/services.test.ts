import { is } from 'superstruct';
import { describe, expect, test } from 'vitest';
import { ContentClient } from '../../server/platform/content/client/contentClient.ts';
import { loadSeed } from '../../server/platform/content/service/loadSeed.ts';
import { SeedService } from '../../server/platform/content/service/seedSchemas.ts';
import { FORMS } from '../../shared/forms/definitions.ts';
import { servicePathOf } from '../../shared/content/slugs.ts';
import { h1Of, useRoutingApp } from './routingApp.ts';
import { SPEC_NOT_FOUND_TITLE, SPEC_SERVICE_PAGES } from './specification.ts';

const app = useRoutingApp();
/** The service tree the server resolves against (the embedded content service's seed). */
const contentServicePaths = loadSeed().services.map((service) => service.path);

describe('§2 service pages', () => {
  test('the content service holds exactly the service pages of the specification', () => {
    expect([...contentServicePaths].sort()).toEqual([...SPEC_SERVICE_PAGES].sort());
  });

  test.each(SPEC_SERVICE_PAGES)('/services/%s/ renders with 200', async (path) => {
    const response = await app.get(`/services/${path}/`);
    expect(response.status).toBe(200);
    expect(h1Of(response.text)).not.toBe(SPEC_NOT_FOUND_TITLE);
    expect(response.text).toContain(`<link rel="canonical" href="https://verf.test/services/${path}/"/>`);
  });

  test.each(SPEC_SERVICE_PAGES)('/services/%s without the slash is one 301 to the page', async (path) => {
    await app.expectOneHop(`/services/${path}`, `/services/${path}/`);
  });

  test.each([
    'net-takoy-uslugi',
    'prodvizhenie/net',
    'razrabotka/razrabotka-saytov/net',
    'prodvizhenie/seo/blog/extra',
    'prodvizhenie/seo/blog/extra/more/deeper',
  ])('an unknown service path /services/%s/ is the 404 page', async (path) => {
    const response = await app.get(`/services/${path}/`);
    expect(response.status).toBe(404);
    expect(h1Of(response.text)).toBe(SPEC_NOT_FOUND_TITLE);
  });

  test('a service path with an empty segment is one 301 to the page (one URL per page, decision 018)', async () => {
    await app.expectOneHop('/services/prodvizhenie//seo/', '/services/prodvizhenie/seo/');
    await app.expectOneHop('/services//razrabotka//', '/services/razrabotka/');
  });

  test('a client navigation to a service page gets its data, to an unknown one a 404', async () => {
    const found = await app.data('/services/prodvizhenie/seo/', 'service');
    expect(found.body.status).toBe(200);
    expect(found.body.loaderData.service).toBeTruthy();
    const missing = await app.data('/services/prodvizhenie/net/', 'service');
    expect(missing.body.status).toBe(404);
  });
});

describe('one service-path rule for the route, the content client and the content service', () => {
  const FOUR = 'razrabotka/razrabotka-saytov/razrabotka-lendinga/chetvyortyy';
  const FIVE = `${FOUR}/pyatyy`;

  test('the route takes four segments and no more', () => {
    expect(servicePathOf(FOUR)).toBe(FOUR);
    expect(servicePathOf(FIVE)).toBeNull();
  });

  test('the content client asks nothing about a path the route would not accept', async () => {
    const asked: string[] = [];
    const client = new ContentClient({
      baseUrl: 'http://content.invalid',
      timeoutMs: 1000,
      cacheTtlMs: 1000,
      logger: { warn: () => undefined },
      transport: (url) => {
        asked.push(url);
        return Promise.resolve(new Response(null, { status: 404 }));
      },
    });
    expect(await client.service(FIVE)).toBeNull();
    expect(asked).toEqual([]);
    // A four-segment path is asked about (this fake service has nothing: the client reports it).
    await client.service(FOUR).catch(() => null);
    expect(asked.length).toBeGreaterThan(0);
  });

  test('the content service refuses a service the site could not address', () => {
    const deepest = loadSeed().services.find((service) => service.path.split('/').length === 3)!;
    expect(is({ ...deepest, path: FOUR }, SeedService)).toBe(true);
    expect(is({ ...deepest, path: FIVE }, SeedService)).toBe(false);
  });
});

test("a service page presets the request form with its category: every category is one of the form's choices", () => {
  const choices = FORMS.request.fields.serviceType?.options ?? [];
  for (const service of loadSeed().services) expect(choices, service.path).toContain(service.category);
});
