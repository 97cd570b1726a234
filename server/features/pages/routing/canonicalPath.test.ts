import { expect, test } from 'vitest';
import { canonicalPath, canonicalPathOf, isCanonicalPath } from './canonicalPath.ts';

test.each([
  // Dot segments are removed as RFC 3986 §5.2.4 says.
  ['/blog/qq/../', '/blog/'],
  ['/blog/./', '/blog/'],
  ['/blog/qq/..', '/blog/'],
  ['/../../blog/', '/blog/'],
  ['/', '/'],
  ['/blog/a.b/', '/blog/a.b/'],
  // Letter case is lowered, encoded dot segments resolved, needless escapes decoded.
  ['/Blog/', '/blog/'],
  ['/blog/qq/%2e%2e/', '/blog/'],
  ['/%61bout/', '/about/'],
  ['/MATERIAL/BLOG/Some-Slug/', '/material/blog/some-slug/'],
  ['/Services/Razrabotka/', '/services/razrabotka/'],
  // A blog tag keeps its case for §5 to decide; paths that name no route and files are left as
  // they are (dot segments aside).
  ['/BLOG/SEO/', '/blog/SEO/'],
  ['/No/Such/Route/Here/', '/No/Such/Route/Here/'],
  ['/Robots.TXT', '/Robots.TXT'],
  ['/a/../Robots.txt', '/Robots.txt'],
  ['/blog/%D0%91/', '/blog/%D0%91/'],
  ['/services/%d0%91/', '/services/%D0%91/'],
  // As a browser reads a URL: a backslash is a slash, empty segments name nothing, what a browser
  // escapes is escaped; a path that resolves to `//…` stays so, for the 404 of pathSafety.ts.
  ['/x\\..\\about/', '/about/'],
  ['/about//', '/about/'],
  ['/services//razrabotka//', '/services/razrabotka/'],
  ['/about//..', '/about/'],
  ['/a/.%2E/About/', '/about/'],
  ['/x/..//', '//'],
  ['/x/..//evil.example/', '//evil.example/'],
  ['/blog/a b/', '/blog/a%20b/'],
  ['/blog/%2f/', '/blog/%2F/'],
])('the canonical form of %s is %s', (path, expected) => {
  expect(canonicalPathOf(path)).toBe(expected);
});

test('the rule redirects with the query, and says nothing about a canonical path', () => {
  const rule = canonicalPath();
  expect(rule.apply({ path: '/About/', search: '?a=1', hash: '' })).toEqual({ location: '/about/?a=1', status: 301 });
  expect(rule.apply({ path: '/about/', search: '?a=1', hash: '' })).toBeNull();
});

test('only the one form of a path is canonical: the page cache keys nothing else', () => {
  for (const path of ['/', '/about/', '/blog/SEO/', '/blog/%D0%91/', '/No/Such/', '/robots.txt'])
    expect(isCanonicalPath(path), path).toBe(true);
  for (const path of ['/About/', '/about//', '/x/../about/', '/x\\..\\about/', '/%61bout/', '/x/..//', '/blog/%d0%91/'])
    expect(isCanonicalPath(path), path).toBe(false);
});
