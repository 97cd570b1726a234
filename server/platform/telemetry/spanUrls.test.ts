import { expect, test } from 'vitest';
import { harmlessQuery, queryOf, spanUrl } from './spanUrls.ts';

test('only the parameters a page reads, with values it accepts, stay in a span', () => {
  expect(harmlessQuery('page=2')).toBe('page=2');
  expect(harmlessQuery('?page=3&utm_source=mail&email=ivan%40example.ru')).toBe('page=3');
  expect(harmlessQuery('token=abc.def&preview=1')).toBeUndefined();
  // A value a page refuses may be anything a visitor typed.
  expect(harmlessQuery('page=ivan@example.ru')).toBeUndefined();
  expect(harmlessQuery('')).toBeUndefined();
  expect(harmlessQuery('__proto__=1&constructor=2')).toBeUndefined();
});

test('a URL keeps its scheme, host and path, and loses what is not harmless in its query', () => {
  expect(spanUrl('https://cms.example.ru/api/articles?token=secret')).toBe('https://cms.example.ru/api/articles');
  expect(spanUrl('http://127.0.0.1:4000/blog/?page=2&email=a%40b.ru#top')).toBe('http://127.0.0.1:4000/blog/?page=2');
  expect(spanUrl('http://127.0.0.1/')).toBe('http://127.0.0.1/');
  expect(queryOf('/api/preview?token=x')).toBe('token=x');
  expect(queryOf('/')).toBe('');
});
