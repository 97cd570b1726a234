import { expect, test } from 'vitest';
import { canonicalPath, canonicalPathOf, withoutDotSegments } from './canonicalPath.ts';

test('dot segments are removed as RFC 3986 says', () => {
  expect(withoutDotSegments('/blog/qq/../')).toBe('/blog/');
  expect(withoutDotSegments('/blog/./')).toBe('/blog/');
  expect(withoutDotSegments('/blog/qq/..')).toBe('/blog/');
  expect(withoutDotSegments('/../../blog/')).toBe('/blog/');
  expect(withoutDotSegments('/')).toBe('/');
  expect(withoutDotSegments('/blog/a.b/')).toBe('/blog/a.b/');
});

test('the canonical form lowers the case and resolves encoded dot segments and needless escapes', () => {
  expect(canonicalPathOf('/Blog/')).toBe('/blog/');
  expect(canonicalPathOf('/blog/qq/%2e%2e/')).toBe('/blog/');
  expect(canonicalPathOf('/%61bout/')).toBe('/about/');
  expect(canonicalPathOf('/MATERIAL/BLOG/Some-Slug/')).toBe('/material/blog/some-slug/');
  expect(canonicalPathOf('/Services/Razrabotka/')).toBe('/services/razrabotka/');
});

test('a blog tag keeps its case for §5 to decide; paths that name no route and files are left as they are (dots aside)', () => {
  expect(canonicalPathOf('/BLOG/SEO/')).toBe('/blog/SEO/');
  expect(canonicalPathOf('/No/Such/Route/Here/')).toBe('/No/Such/Route/Here/');
  expect(canonicalPathOf('/Robots.TXT')).toBe('/Robots.TXT');
  expect(canonicalPathOf('/a/../Robots.txt')).toBe('/Robots.txt');
  expect(canonicalPathOf('/blog/%D0%91/')).toBe('/blog/%D0%91/');
  expect(canonicalPathOf('/services/%d0%91/')).toBe('/services/%D0%91/');
});

test('the rule redirects with the query, and says nothing about a canonical path', () => {
  const rule = canonicalPath();
  expect(rule.apply({ path: '/About/', search: '?a=1', hash: '' })).toEqual({ location: '/about/?a=1', status: 301 });
  expect(rule.apply({ path: '/about/', search: '?a=1', hash: '' })).toBeNull();
});
