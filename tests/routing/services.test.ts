import { describe, expect, test } from 'vitest';
import { loadSeed } from '../../server/content-service/loadSeed.ts';
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
    'net-takoy-uslugi', 'prodvizhenie/net', 'razrabotka/razrabotka-saytov/net', 'Prodvizhenie/SEO',
    'prodvizhenie/seo/blog/extra', 'prodvizhenie//seo', 'prodvizhenie/seo/blog/extra/more/deeper',
  ])('an unknown service path /services/%s/ is the 404 page', async (path) => {
    const response = await app.get(`/services/${path}/`);
    expect(response.status).toBe(404);
    expect(h1Of(response.text)).toBe(SPEC_NOT_FOUND_TITLE);
  });

  test('a client navigation to a service page gets its data, to an unknown one a 404', async () => {
    const found = await app.data('/services/prodvizhenie/seo/', 'service');
    expect(found.body.status).toBe(200);
    expect(found.body.loaderData.service).toBeTruthy();
    const missing = await app.data('/services/prodvizhenie/net/', 'service');
    expect(missing.body.status).toBe(404);
  });
});
