import { afterEach, expect, test, vi } from 'vitest';
import { failedChunk, handleChunkFailures } from './chunkLoader.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  handleChunkFailures(() => false);
});

const failure = new TypeError('error loading dynamically imported module: /assets/chunk-0123456789.js');

/** Whether `promise` is still pending after the microtasks queued so far. */
async function pending(promise: Promise<unknown>): Promise<boolean> {
  const marker = Symbol('pending');
  return (await Promise.race([promise.catch(() => undefined), Promise.resolve(marker)])) === marker;
}

test('a chunk failure is rethrown (the error page) unless the page reloads for it (§8)', async () => {
  expect(() => failedChunk(failure)).toThrow(failure);
  handleChunkFailures(() => true);
  expect(await pending(failedChunk(failure))).toBe(true);
});

test('a chunk failing while the visitor leaves for another document shows nothing and reloads nothing (Firefox cancels the loads)', async () => {
  let reloads = 0;
  handleChunkFailures(() => {
    reloads += 1;
    return true;
  });
  // The boot script's flag, set at `beforeunload` (server/features/pages/ssr/bootScript.ts).
  vi.stubGlobal('window', { __leaving: 1 });
  expect(await pending(failedChunk(failure, 'about'))).toBe(true);
  expect(reloads).toBe(0);
});
