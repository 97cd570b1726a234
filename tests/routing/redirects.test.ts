import { describe, expect, test } from 'vitest';
import { loadSeed } from '../../server/platform/content/service/loadSeed.ts';
import { OLD_SERVICE_PATHS } from '../../server/features/pages/routing/oldServicePaths.ts';
import { useRoutingApp } from './routingApp.ts';
import { SPEC_MATERIAL_REDIRECTS, SPEC_SERVICE_REDIRECTS } from './specification.ts';

const app = useRoutingApp();

describe('§2 redirects of old service paths', () => {
  test('the 301 map in code is the table of the specification, row for row', () => {
    expect(Object.fromEntries(OLD_SERVICE_PATHS)).toEqual(SPEC_SERVICE_REDIRECTS);
    expect(OLD_SERVICE_PATHS).toHaveLength(Object.keys(SPEC_SERVICE_REDIRECTS).length);
  });

  const rows = Object.entries(SPEC_SERVICE_REDIRECTS);

  test.each(rows)('/services/%s redirects once to /services/%s/ (without slash)', async (old, current) => {
    await app.expectOneHop(`/services/${old}`, `/services/${current}/`);
  });

  test.each(rows)('/services/%s/ redirects once to /services/%s/ (with slash)', async (old, current) => {
    await app.expectOneHop(`/services/${old}/`, `/services/${current}/`);
  });

  test.each(rows)('/services/%s keeps the query string on its way to /services/%s/', async (old, current) => {
    await app.expectOneHop(
      `/services/${old}?utm_source=yandex&utm_term=%D1%81%D0%B0%D0%B9%D1%82`,
      `/services/${current}/?utm_source=yandex&utm_term=%D1%81%D0%B0%D0%B9%D1%82`,
    );
  });

  test('a client navigation to an old path is told the final URL as JSON, without the data parameter', async () => {
    const response = await app.data('/services/seo?a=1', 'service');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ redirect: '/services/prodvizhenie/seo/?a=1', status: 301 });
  });

  test('HEAD is redirected the same way', async () => {
    const response = await app.head('/services/web-dev');
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe('/services/razrabotka/razrabotka-saytov/');
  });
});

describe('§2 material listings', () => {
  test.each(SPEC_MATERIAL_REDIRECTS)('%s redirects once to /projects/', async (path) => {
    await app.expectOneHop(path, '/projects/');
    await app.expectOneHop(`${path}?from=menu`, '/projects/?from=menu');
  });
});

describe('§2 per-path redirect lookup (targets from the content service)', () => {
  const lookups = loadSeed().redirects;

  test('the content service has lookups to test', () => {
    expect(lookups.length).toBeGreaterThan(0);
    expect(lookups.some((row) => /^https?:/.test(row.to))).toBe(true);
    expect(lookups.some((row) => row.to.startsWith('/'))).toBe(true);
  });

  test.each(lookups.map((row) => [row.from, row.to]))('%s redirects once to %s, with or without the slash', async (from, to) => {
    await app.expectOneHop(from, to);
    await app.expectOneHop(from.endsWith('/') ? from.slice(0, -1) : `${from}/`, to);
  });

  test.each(lookups.filter((row) => row.to.startsWith('/')).map((row) => [row.from, row.to]))(
    '%s keeps the query on its way to %s',
    async (from, to) => {
      await app.expectOneHop(`${from}?utm_source=ya`, `${to}?utm_source=ya`);
    },
  );

  test('an absolute target reaches a client navigation as is, so the browser leaves for it', async () => {
    const external = lookups.find((row) => /^https?:/.test(row.to))!;
    const response = await app.data(external.from, 'root');
    expect(response.body).toEqual({ redirect: external.to, status: 301 });
  });
});
