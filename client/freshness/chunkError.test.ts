import { expect, test } from 'vitest';
import { isChunkLoadError } from './chunkError.ts';

test('the chunk-load failures of Chromium, Firefox and Safari are recognised', () => {
  expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://verf.test/assets/route-X.js'))).toBe(true);
  expect(isChunkLoadError(new TypeError('error loading dynamically imported module: https://verf.test/assets/route-X.js'))).toBe(true);
  expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
});

test('other errors are not chunk-load failures', () => {
  expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  expect(isChunkLoadError(undefined)).toBe(false);
  expect(isChunkLoadError({ status: 404 })).toBe(false);
});
