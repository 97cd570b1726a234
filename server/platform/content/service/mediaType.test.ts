import { expect, test } from 'vitest';
import { acceptsJsonApi, contentTypeRefusal, JSON_API_MEDIA_TYPE as JSON_API } from './mediaType.ts';

test('a weight is not a media type parameter: the JSON:API type with q=0.9 is acceptable', () => {
  expect(acceptsJsonApi(`${JSON_API};q=0.9`)).toBe(true);
  expect(acceptsJsonApi(`${JSON_API} ; Q=0.5`)).toBe(true);
  expect(acceptsJsonApi(`${JSON_API};profile="https://example.com/p";q=0.8`)).toBe(true);
  // What follows the weight is an accept extension, not the media type's.
  expect(acceptsJsonApi(`${JSON_API};q=0.8;foo=bar`)).toBe(true);
});

test('406 only when every JSON:API instance is refused: foreign parameters, unsupported extensions, weight 0', () => {
  expect(acceptsJsonApi(`${JSON_API};charset=utf-8`)).toBe(false);
  expect(acceptsJsonApi(`${JSON_API};ext="https://example.com/ext"`)).toBe(false);
  expect(acceptsJsonApi(`${JSON_API};q=0`)).toBe(false);
  expect(acceptsJsonApi(`${JSON_API};charset=utf-8, ${JSON_API};ext="x", */*`)).toBe(false);
  expect(acceptsJsonApi(`${JSON_API};charset=utf-8, ${JSON_API}`)).toBe(true);
  expect(acceptsJsonApi(`${JSON_API};ext="https://a.example/x, https://b.example/y", ${JSON_API};q=0.1`)).toBe(true);
});

test('an Accept without the JSON:API media type, or none at all, is acceptable', () => {
  expect(acceptsJsonApi(undefined)).toBe(true);
  expect(acceptsJsonApi('*/*')).toBe(true);
  expect(acceptsJsonApi('application/json, text/plain;q=0.5')).toBe(true);
  expect(acceptsJsonApi('APPLICATION/VND.API+JSON;Q=1')).toBe(true);
});

test('a quoted comma or semicolon stays inside its parameter', () => {
  expect(acceptsJsonApi(`${JSON_API};profile="https://a.example/p;x, https://b.example/q"`)).toBe(true);
  expect(acceptsJsonApi(`${JSON_API};ext="a, ${JSON_API}"`)).toBe(false);
});

test('Content-Type: foreign parameters and extensions are 415; profile is ignored; a body must be JSON:API', () => {
  expect(contentTypeRefusal(`${JSON_API}; charset=utf-8`, false)).toBeDefined();
  expect(contentTypeRefusal(`${JSON_API}; ext="https://example.com/ext"`, true)).toBeDefined();
  expect(contentTypeRefusal(`${JSON_API}; profile="https://example.com/p"`, true)).toBeUndefined();
  expect(contentTypeRefusal(JSON_API, true)).toBeUndefined();
  expect(contentTypeRefusal('application/json', true)).toBeDefined();
  expect(contentTypeRefusal(undefined, true)).toBeDefined();
  expect(contentTypeRefusal(undefined, false)).toBeUndefined();
  expect(contentTypeRefusal('text/plain', false)).toBeUndefined();
});

test('a long hostile header is read in linear time', () => {
  const long = `${JSON_API};${'a=";'.repeat(50_000)}`;
  expect(acceptsJsonApi(long)).toBe(false);
  expect(acceptsJsonApi(`"${','.repeat(100_000)}`)).toBe(true);
});
