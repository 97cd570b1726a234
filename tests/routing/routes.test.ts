import { describe, expect, test } from 'vitest';
import { linkTo, withTrailingSlash } from '../../shared/routes/links.ts';
import { ROUTES } from '../../shared/routes/table.ts';
import { h1Of, useRoutingApp } from './routingApp.ts';
import { SPEC_NAMED_ROUTES, SPEC_NOT_FOUND_TITLE, SPEC_STATIC_PAGES } from './specification.ts';

const app = useRoutingApp();

describe('§2 route list', () => {
  test.each(SPEC_STATIC_PAGES)('%s renders with 200, its canonical link and Link header', async (path) => {
    const response = await app.get(path);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.text).toContain(`<link rel="canonical" href="https://verf.test${path}"/>`);
    expect(response.headers.link).toBe(`<https://verf.test${path}>; rel="canonical"`);
  });

  test.each(SPEC_STATIC_PAGES.filter((path) => path !== '/'))(
    '%s without its slash is one 301 to the slashed path, query kept',
    async (path) => {
      await app.expectOneHop(path.slice(0, -1), path);
      await app.expectOneHop(`${path.slice(0, -1)}?utm_source=ya&x=1`, `${path}?utm_source=ya&x=1`);
    },
  );

  test('every static route of the table is a page of the specification, and the other way round', () => {
    const staticPaths = ROUTES.map((route) => route.path).filter((path) => !path.includes(':') && !path.includes('*'));
    expect([...staticPaths].sort()).toEqual([...SPEC_STATIC_PAGES].sort());
  });

  test('the named routes of §2 link to their paths', () => {
    for (const [name, path] of Object.entries(SPEC_NAMED_ROUTES)) expect(linkTo(name as keyof typeof SPEC_NAMED_ROUTES)).toBe(path);
    expect(linkTo('career', 'internship')).toBe('/career/#internship');
  });
});

describe('§2 canonical', () => {
  test('the canonical link never carries the query and never follows Host or X-Forwarded-Host', async () => {
    const response = await app.get('/about/?utm_source=ya').set('Host', 'evil.example').set('X-Forwarded-Host', 'evil.example');
    expect(response.text).toContain('<link rel="canonical" href="https://verf.test/about/"/>');
    expect(response.text).not.toContain('evil.example');
    expect(response.headers.link).toBe('<https://verf.test/about/>; rel="canonical"');
  });
});

describe('§2 404 page', () => {
  test.each(['/net-takoy-stranitsy/', '/about/extra/', '/blog/seo/extra/', '/material/', '/services/prodvizhenie/seo/net/', '/success/'])(
    'the unmatched path %s shows the 404 page with the full path, status 404',
    async (path) => {
      const response = await app.get(path);
      expect(response.status).toBe(404);
      expect(h1Of(response.text)).toBe(SPEC_NOT_FOUND_TITLE);
      expect(response.text).toContain(path);
      // §2 "Every page has a canonical link", the 404 page too.
      expect(response.text.match(/<link rel="canonical"[^>]*>/g)).toEqual([`<link rel="canonical" href="https://verf.test${path}"/>`]);
      // The path of an unmatched URL is whatever was asked for: in the page, never in a header.
      expect(response.headers.link).toBeUndefined();
    },
  );

  test('a client navigation to a missing page gets the same 404 as data', async () => {
    const response = await app.data('/blog/net-takogo-tega/', 'blog-tag');
    expect(response.status).toBe(200);
    expect(response.body.status).toBe(404);
    expect(response.body.errors).toEqual({ 'blog-tag': expect.objectContaining({ __type: 'RouteErrorResponse', status: 404 }) });
  });
});

describe('§2 links', () => {
  // The link helpers themselves are unit-tested beside them (shared/routes/links.test.ts).
  test('no link the site renders answers with a redirect', async () => {
    const html = (await Promise.all(SPEC_STATIC_PAGES.map(async (path) => (await app.get(path)).text))).join('\n');
    const links = new Set([...html.matchAll(/<a [^>]*href="(\/[^"#]*)/g)].map((match) => match[1]!.replace(/&amp;/g, '&')));
    expect(links.size).toBeGreaterThan(10);
    for (const link of links) {
      if (!withTrailingSlash(link.split('?')[0]!).endsWith('/')) continue; // files
      const response = await app.get(link);
      expect(response.status, link).not.toBe(301);
      expect(response.status, link).not.toBe(302);
    }
    // Some hundred page renders: 25 s on a quiet machine, over a minute on a loaded one; the
    // ceiling is for a hang, not a measurement.
  }, 300_000);
});
