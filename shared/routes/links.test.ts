import { expect, test } from 'vitest';
import { href, linkTo, withTrailingSlash } from './links.ts';

test('§2 links get a trailing slash unless they end with one, have a query or hash, start with /api/ or are files', () => {
  expect(withTrailingSlash('/sitemap')).toBe('/sitemap/');
  expect(withTrailingSlash('/')).toBe('/');
  expect(withTrailingSlash('/blog?page=2')).toBe('/blog?page=2');
  expect(withTrailingSlash('/career#internship')).toBe('/career#internship');
  expect(withTrailingSlash('/api/upload')).toBe('/api/upload');
  expect(withTrailingSlash('/images/a.png')).toBe('/images/a.png');
  expect(withTrailingSlash('mailto:hello@verf.digital')).toBe('mailto:hello@verf.digital');
});

test('named routes of §2 and the typed helper give slashed paths', () => {
  expect(linkTo('success-request')).toBe('/success/request/');
  expect(linkTo('referral', 'referral-section')).toBe('/referral/#referral-section');
  expect(href('home')).toBe('/');
  expect(href('project', { slug: 'pristan-dostavka' })).toBe('/material/projects/pristan-dostavka/');
  expect(href('service', { '*': '/prodvizhenie/seo/' })).toBe('/services/prodvizhenie/seo/');
  expect(href('blog-author', { id: 12 })).toBe('/blog/author/12/');
});

test('params are encoded, so a value cannot add path segments or markup', () => {
  expect(href('blog-tag', { slug: '../<b>' })).toBe('/blog/..%2F%3Cb%3E/');
  expect(href('service', { '*': 'a b/<c>' })).toBe('/services/a%20b/%3Cc%3E/');
});

test('a missing param is a programming error', () => {
  expect(() => href('blog-tag', { slug: '' })).toThrow(/slug/);
});
