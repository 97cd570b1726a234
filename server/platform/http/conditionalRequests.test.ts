import { expect, test } from 'vitest';
import { entityTagInCoding, entityTagOf, ifNoneMatchMatches, isWeakIfRange } from './conditionalRequests.ts';

const tag = entityTagOf('<html>страница</html>');

test('an entity tag is a quoted digest of the bytes: the same bytes, the same tag', () => {
  expect(tag).toMatch(/^"[\w-]{27}"$/);
  expect(entityTagOf(Buffer.from('<html>страница</html>'))).toBe(tag);
  expect(entityTagOf('<html>другая</html>')).not.toBe(tag);
});

test('each content coding has its own tag; identity keeps the plain one', () => {
  expect(entityTagInCoding(tag, 'identity')).toBe(tag);
  expect(entityTagInCoding(tag, 'gzip')).toBe(`${tag.slice(0, -1)}-gzip"`);
  expect(entityTagInCoding(tag, 'br')).toBe(`${tag.slice(0, -1)}-br"`);
  expect(ifNoneMatchMatches(entityTagInCoding(tag, 'gzip'), entityTagInCoding(tag, 'br'))).toBe(false);
  expect(ifNoneMatchMatches(tag, entityTagInCoding(tag, 'br'))).toBe(false);
});

test('If-None-Match compares weakly, reads lists and *, and matches nothing else (RFC 9110 §13.1.2)', () => {
  expect(ifNoneMatchMatches(tag, tag)).toBe(true);
  expect(ifNoneMatchMatches(`W/${tag}`, tag)).toBe(true);
  expect(ifNoneMatchMatches(tag, `W/${tag}`)).toBe(true);
  expect(ifNoneMatchMatches(`"a", W/"b",${tag}`, tag)).toBe(true);
  expect(ifNoneMatchMatches(['"a"', ` ${tag} `], tag)).toBe(true);
  expect(ifNoneMatchMatches('*', tag)).toBe(true);
  expect(ifNoneMatchMatches('"a", W/"b"', tag)).toBe(false);
  expect(ifNoneMatchMatches(tag.slice(1, -1), tag)).toBe(false);
  expect(ifNoneMatchMatches(undefined, tag)).toBe(false);
  expect(ifNoneMatchMatches('', tag)).toBe(false);
});

test('If-Range with a weak tag is never honoured (RFC 9110 §13.1.5)', () => {
  expect(isWeakIfRange(`W/${tag}`)).toBe(true);
  expect(isWeakIfRange(` W/${tag}`)).toBe(true);
  expect(isWeakIfRange(tag)).toBe(false);
  expect(isWeakIfRange('Thu, 03 Dec 2026 05:00:00 GMT')).toBe(false);
  expect(isWeakIfRange(undefined)).toBe(false);
});
