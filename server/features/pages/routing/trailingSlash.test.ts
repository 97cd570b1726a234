import { expect, test } from 'vitest';
import { isPagePath } from '../../../../shared/routes/pagePaths.ts';
import { trailingSlash } from './trailingSlash.ts';

const rule = trailingSlash();
const apply = (path: string, search = '') => rule.apply({ path, search, hash: '' });

test('a path without a trailing slash gets a 301 to the same path with one, keeping the query', () => {
  expect(apply('/about')).toEqual({ location: '/about/', status: 301 });
  expect(apply('/sitemap', '?a=1&b=2')).toEqual({ location: '/sitemap/?a=1&b=2', status: 301 });
  expect(apply('/material/blog/kak-vybrat-cms')).toEqual({ location: '/material/blog/kak-vybrat-cms/', status: 301 });
});

test('paths with the slash are left alone', () => {
  expect(apply('/')).toBeNull();
  expect(apply('/about/')).toBeNull();
});

test('files, /api/, /_ipx/, /builds/, /healthz and /readyz keep their exact path', () => {
  for (const path of [
    '/robots.txt',
    '/sitemap.xml',
    '/images/articles/a.png',
    '/api/forms/request',
    '/api/content/articles',
    '/_ipx/w_320/images/a.png',
    '/builds/latest.json',
    '/healthz',
    '/readyz',
  ]) {
    expect(apply(path), path).toBeNull();
    expect(isPagePath(path), path).toBe(false);
  }
  expect(isPagePath('/healthz-check')).toBe(true);
  expect(isPagePath('/apiary')).toBe(true);
});
