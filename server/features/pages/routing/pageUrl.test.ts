import { expect, test } from 'vitest';
import { declaredQueryOf, invalidQueryParamOf, pageUrlOf } from './pageUrl.ts';

test('the list pages and the request form declare what they read', () => {
  expect(declaredQueryOf('/blog/')).toEqual(['page']);
  expect(declaredQueryOf('/blog/seo/')).toEqual(['page']);
  expect(declaredQueryOf('/blog/author/anna/')).toEqual(['page']);
  expect(declaredQueryOf('/request/')).toEqual(['serviceType']);
  expect(declaredQueryOf('/contacts/')).toEqual([]);
  expect(declaredQueryOf('/no/such/path/')).toEqual([]);
});

test('the page URL keeps the first value of each declared parameter as the page reads it', () => {
  expect(pageUrlOf('/blog/', '?b=1&page=4&page=5&utm_source=x')).toBe('/blog/?page=4');
  expect(pageUrlOf('/request/', '?serviceType=+Дизайн+')).toBe(`/request/?${new URLSearchParams({ serviceType: 'Дизайн' }).toString()}`);
  expect(pageUrlOf('/request/', '?serviceType=%20')).toBe('/request/');
  expect(pageUrlOf('/contacts/', '?page=2')).toBe('/contacts/');
  expect(pageUrlOf('/blog/', '?page=1')).toBe('/blog/');
});

test('a declared parameter whose value names no page makes the URL invalid; other parameters never do', () => {
  for (const junk of ['abc', '0', '01', '2.0', '1e3', '-2', '10001', '', ' 2']) {
    expect(invalidQueryParamOf('/blog/', `?page=${encodeURIComponent(junk)}`), junk).toBe('page');
  }
  expect(invalidQueryParamOf('/blog/', '?page=2')).toBeUndefined();
  expect(invalidQueryParamOf('/blog/', '?page=1')).toBeUndefined();
  expect(invalidQueryParamOf('/request/', `?serviceType=${encodeURIComponent('Дизайн')}`)).toBeUndefined();
  expect(invalidQueryParamOf('/request/', '?serviceType=')).toBeUndefined();
  expect(invalidQueryParamOf('/request/', '?serviceType=x7Gq')).toBe('serviceType');
  expect(invalidQueryParamOf('/contacts/', '?page=abc&serviceType=x')).toBeUndefined();
  expect(invalidQueryParamOf('/blog/', '?utm_source=abc')).toBeUndefined();
});
