import { expect, test } from 'vitest';
import { OLD_SERVICE_PATHS } from './oldServicePaths.ts';
import { redirectOldServicePaths } from './redirectOldServicePaths.ts';

const rule = redirectOldServicePaths();
const apply = (path: string, search = '') => rule.apply({ path, search, hash: '' });

test('every old service path redirects 301 to its new path with a trailing slash, with or without its own slash', () => {
  for (const [old, current] of OLD_SERVICE_PATHS) {
    expect(apply(`/services/${old}`)).toEqual({ location: `/services/${current}/`, status: 301 });
    expect(apply(`/services/${old}/`)).toEqual({ location: `/services/${current}/`, status: 301 });
  }
});

test('the query string is kept', () => {
  expect(apply('/services/seo', '?utm_source=ya&x=%20')).toEqual({
    location: '/services/prodvizhenie/seo/?utm_source=ya&x=%20',
    status: 301,
  });
});

test('new paths, deeper paths and other sections are not touched', () => {
  for (const path of ['/services/prodvizhenie/seo/', '/services/seo/blog/', '/seo/', '/services/', '/services/SEO/', '/blog/seo/']) {
    expect(apply(path), path).toBeNull();
  }
});
