import { expect, test } from 'vitest';
import { pageLinkTarget } from './pageLinkTarget.ts';

const here = { origin: 'https://verf.test', pathname: '/', search: '' };
const target = (href: string, extra: { target?: string; hasDownload?: boolean } = {}) =>
  pageLinkTarget({ href: new URL(href, here.origin).href, ...extra }, here)?.href ?? null;

test('internal page links are prefetched', () => {
  expect(target('/blog/seo/')).toBe('https://verf.test/blog/seo/');
  expect(target('/career/#internship')).toBe('https://verf.test/career/#internship');
  expect(target('/?utm_source=x')).toBe('https://verf.test/?utm_source=x');
});

test('other sites, files, API calls, new tabs, downloads and the current page are not', () => {
  expect(target('https://hh.ru/employer/1')).toBeNull();
  expect(target('/sitemap.xml')).toBeNull();
  expect(target('/api/forms/request')).toBeNull();
  expect(target('/_ipx/w_320/images/a.png')).toBeNull();
  expect(target('/about/', { target: '_blank' })).toBeNull();
  expect(target('/documents/', { hasDownload: true })).toBeNull();
  expect(target('/')).toBeNull();
  expect(target('/#discuss-the-project')).toBeNull();
});
