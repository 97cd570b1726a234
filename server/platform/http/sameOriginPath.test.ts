import { expect, test } from 'vitest';
import { safePath, sameOriginPath } from './sameOriginPath.ts';

const BASE = 'https://verf.test';

test.each([
  ['/\t/evil.example'],
  ['/\n/evil.example'],
  ['/ /evil.example'],
  ['/\u00a0/evil.example'],
  ['/\u200b/evil.example'],
  ['/blog/\u0000'],
  ['//evil.example'],
  ['/\\evil.example'],
  ['/blog\\..\\..\\evil'],
  ['/.//evil.example'],
  ['/..//evil.example'],
  ['/a/..//evil.example'],
  ['/%2e//evil.example'],
  ['/%2E%2E//evil.example/path?q=1'],
  ['/a/b/../..//evil.example'],
  ['https://evil.example'],
  ['javascript:alert(1)'],
  ['evil.example/'],
  [''],
  [`/${'a'.repeat(500)}`],
])('a link target %j that could leave the site or break the page is refused', (value) => {
  expect(sameOriginPath(value, BASE)).toBeUndefined();
});

test('a path of the site is kept with its query and anchor, dot segments resolved', () => {
  expect(sameOriginPath('/request/?utm_source=vk#form', BASE)).toBe('/request/?utm_source=vk#form');
  expect(sameOriginPath('/blog/../contacts/', BASE)).toBe('/contacts/');
  expect(sameOriginPath('/%D0%B1%D0%BB%D0%BE%D0%B3/', BASE)).toBe('/%D0%B1%D0%BB%D0%BE%D0%B3/');
});

test('values that are not strings are refused', () => {
  expect(safePath(undefined)).toBeUndefined();
  expect(safePath(['/blog/'])).toBeUndefined();
  expect(sameOriginPath({ toString: () => '/blog/' }, BASE)).toBeUndefined();
});
