import { expect, test } from 'vitest';
import { sha256Source } from '../../../tests/support/inlineElements.ts';
import { hashSource } from './inlineHashes.ts';

test('a hash source is the SHA-256 of the UTF-8 text, as a browser hashes an inline element', () => {
  for (const text of ['', '.a{color:red}', 'window.data=JSON.parse(\'{"город":"Екатеринбург"}\');']) {
    expect(hashSource(text)).toBe(sha256Source(text));
  }
  expect(hashSource('')).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
});
