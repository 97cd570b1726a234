import { expect, test } from 'vitest';
import { pageCacheKey } from './pageCache.ts';

test('the cache key ignores tracking parameters and the order of the others', () => {
  expect(pageCacheKey('GET', '/blog/')).toBe('/blog/');
  expect(pageCacheKey('GET', '/blog/?utm_source=a&UTM_MEDIUM=b&yclid=1&gclid=2&fbclid=3')).toBe('/blog/');
  expect(pageCacheKey('GET', '/blog/?page=2&tag=seo')).toBe(pageCacheKey('HEAD', '/blog/?tag=seo&page=2&utm_term=x'));
});

test('only page GETs and HEADs have a cache key', () => {
  expect(pageCacheKey('POST', '/request/')).toBeUndefined();
  expect(pageCacheKey('GET', '/blog/?_data=blog')).toBeUndefined();
});
