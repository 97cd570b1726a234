import { matchRoutes } from 'react-router';
import { expect, test } from 'vitest';
import { href, linkTo, withTrailingSlash } from './links.ts';
import { ROUTES } from './table.ts';

test.each([
  ['/sitemap', '/sitemap/'],
  ['/about', '/about/'],
  ['/about/', '/about/'],
  ['/', '/'],
  ['/blog?page=2', '/blog?page=2'],
  ['/career#internship', '/career#internship'],
  ['/api/upload', '/api/upload'],
  ['/api/forms/request', '/api/forms/request'],
  ['/images/a.png', '/images/a.png'],
  ['/sitemap.xml', '/sitemap.xml'],
  ['mailto:hello@verf.digital', 'mailto:hello@verf.digital'],
  ['https://hh.ru/employer/1', 'https://hh.ru/employer/1'],
])(
  '§2 links get a trailing slash unless they end with one, have a query or hash, start with /api/ or are files: %s → %s',
  (link, expected) => {
    expect(withTrailingSlash(link)).toBe(expected);
  },
);

test.each([
  [linkTo('success-request'), '/success/request/'],
  [linkTo('referral', 'referral-section'), '/referral/#referral-section'],
  [href('home'), '/'],
  [href('project', { slug: 'pristan-dostavka' }), '/material/projects/pristan-dostavka/'],
  [href('service', { '*': '/prodvizhenie/seo/' }), '/services/prodvizhenie/seo/'],
  [href('service', { '*': 'prodvizhenie/seo/blog' }), '/services/prodvizhenie/seo/blog/'],
  [href('blog-author', { id: 12 }), '/blog/author/12/'],
  [href('blog-author', { id: 'redaktsiya' }), '/blog/author/redaktsiya/'],
  [href('blog-tag', { slug: 'seo' }), '/blog/seo/'],
  [href('projects-industry', { slug: 'medicine' }), '/projects/medicine/'],
  [href('article', { slug: 'a b' }), '/material/blog/a%20b/'],
  [href('blog', {}, { query: { page: 2 } }), '/blog/?page=2'],
])('named routes of §2 and the typed helper give slashed paths: %s', (link, expected) => {
  expect(link).toBe(expected);
});

test('params are encoded, so a value cannot add path segments or markup', () => {
  expect(href('blog-tag', { slug: '../<b>' })).toBe('/blog/..%2F%3Cb%3E/');
  expect(href('service', { '*': 'a b/<c>' })).toBe('/services/a%20b/%3Cc%3E/');
});

test('a missing param is a programming error', () => {
  expect(() => href('blog-tag', { slug: '' })).toThrow(/slug/);
});

test("the link rule uses the redirect rule's list of paths that are not pages", () => {
  for (const path of ['/api', '/_ipx/w_320/a', '/builds', '/assets/x', '/healthz', '/readyz', '/.env'])
    expect(withTrailingSlash(path), path).toBe(path);
  expect(withTrailingSlash('/healthz-check')).toBe('/healthz-check/');
  expect(withTrailingSlash('//cdn.example/a')).toBe('//cdn.example/a');
});

test('every route of the table gives a slashed path that the table itself matches with the same params', () => {
  for (const route of ROUTES) {
    const params = Object.fromEntries(
      [...route.path.matchAll(/:(\w+)|\*/g)].map(([, name]) => [name ?? '*', name === undefined ? 'a/b' : 'x']),
    );
    const link = (href as (id: string, params: Record<string, string>) => string)(route.id, params);
    expect(link.endsWith('/'), link).toBe(true);
    const match = matchRoutes(
      ROUTES.map(({ id, path }) => ({ id, path })),
      link,
    );
    expect(match?.[0]?.route.id, link).toBe(route.id);
    expect(match?.[0]?.params, link).toMatchObject(params['*'] === undefined ? params : { '*': 'a/b/' });
  }
});

test('query and hash follow the slash, and both are encoded', () => {
  expect(href('blog-tag', { slug: 'seo' }, { query: { page: 2 } })).toBe('/blog/seo/?page=2');
  expect(href('home', {}, { query: { element_anchor_id: 'a b&c' } })).toBe('/?element_anchor_id=a+b%26c');
  expect(href('career', {}, { hash: 'internship' })).toBe('/career/#internship');
  expect(href('documents', {}, { hash: 'a"b' })).toBe('/documents/#a%22b');
  expect(linkTo('career', 'internship')).toBe(href('career', {}, { hash: 'internship' }));
});

test('the catch-all keeps its segments and refuses an empty path', () => {
  expect(href('service', { '*': 'razrabotka/razrabotka-saytov' })).toBe('/services/razrabotka/razrabotka-saytov/');
  expect(() => href('service', { '*': '' })).toThrow(/\*/);
});
