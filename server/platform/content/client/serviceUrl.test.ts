import { expect, test } from 'vitest';
import { urlWithinService } from './reader.ts';

const BASE = 'https://cms.example/api';
const CURRENT = 'https://cms.example/api/articles?page[size]=50';

test.each([
  ['https://cms.example.evil.com/api/articles?page=2'],
  ['https://cms.example:8443/api/articles?page=2'],
  ['http://cms.example/api/articles?page=2'],
  ['https://cms.example@evil.example/api/articles'],
  ['https://user:pass@cms.example/api/articles'],
  ['https://cms.example/api-admin/users'],
  ['https://cms.example/admin'],
  ['/api/../admin'],
  ['/api/%2e%2e/admin'],
  ['//evil.example/api/articles'],
  ['https://evil.example/steal'],
  ['http://[::1'],
])('a next link %j that leaves the content service is refused', (next) => {
  expect(urlWithinService(next, CURRENT, BASE)).toBeUndefined();
});

test('a next link of the same service is resolved against the current request', () => {
  expect(urlWithinService('/api/articles?page[number]=2', CURRENT, BASE)).toBe('https://cms.example/api/articles?page[number]=2');
  expect(urlWithinService('https://cms.example/api/articles?page=3', CURRENT, BASE)).toBe('https://cms.example/api/articles?page=3');
  expect(urlWithinService('?page=2', 'https://cms.example/articles', 'https://cms.example')).toBe('https://cms.example/articles?page=2');
});
