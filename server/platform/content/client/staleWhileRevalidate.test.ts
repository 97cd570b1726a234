import { expect, test } from 'vitest';
import { StaleWhileRevalidateCache } from './staleWhileRevalidate.ts';

function setup(ttlMs = 1000) {
  let now = 1; // lru-cache never ages an entry stored at time 0
  const errors: string[] = [];
  const cache = new StaleWhileRevalidateCache({
    ttlMs,
    max: 10,
    now: () => now,
    onError: (key, error) => errors.push(`${key}: ${(error as Error).message}`),
  });
  return {
    cache,
    errors,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

const value = (v: string) => async () => v;
const failure = async (): Promise<string> => {
  throw new Error('service down');
};
/** A load of `v` that counts how often it ran. */
function countedLoad(v: string) {
  let loads = 0;
  const load = async () => {
    loads += 1;
    return v;
  };
  return { load, loads: () => loads };
}

test('a fresh value is served without loading again', async () => {
  const { cache } = setup();
  const { load, loads } = countedLoad('v1');
  await cache.get('k', load);
  expect(await cache.get('k', load)).toBe('v1');
  expect(loads()).toBe(1);
});

test('a stale value is served at once and refreshed in the background', async () => {
  const { cache, advance } = setup();
  await cache.get('k', value('v1'));
  advance(2000);
  expect(await cache.get('k', value('v2'))).toBe('v1');
  await new Promise((resolve) => setImmediate(resolve));
  expect(await cache.get('k', value('v3'))).toBe('v2');
});

test('when the service fails, the last good value is served and the failure reported', async () => {
  const { cache, advance, errors } = setup();
  await cache.get('k', value('v1'));
  advance(2000);
  expect(await cache.get('k', failure)).toBe('v1');
  expect(await cache.get('k', failure, { forceRefresh: true })).toBe('v1');
  expect(errors).toContain('k: service down');
});

test('a key never loaded fails with the load error', async () => {
  const { cache } = setup();
  await expect(cache.get('k', failure)).rejects.toThrow('service down');
  expect(cache.size).toBe(0);
});

test('concurrent misses share one load', async () => {
  const { cache } = setup();
  const { load, loads } = countedLoad('v');
  await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
  expect(loads()).toBe(1);
});

test('a forced refresh loads even when the value is fresh', async () => {
  const { cache } = setup();
  await cache.get('k', value('v1'));
  expect(await cache.get('k', value('v2'), { forceRefresh: true })).toBe('v2');
});

test('after expireAll a fresh value is reloaded before it is served, and kept if the reload fails', async () => {
  const { cache } = setup();
  await cache.get('k', value('v1'));
  await cache.get('other', value('o1'));
  cache.expireAll();
  expect(await cache.get('k', value('v2'))).toBe('v2');
  expect(await cache.get('k', value('v3'))).toBe('v2');
  expect(await cache.get('other', failure)).toBe('o1');
});

test('a read after expireAll does not take the value of a load begun before it', async () => {
  const { cache } = setup();
  let release: (v: string) => void = () => undefined;
  const before = cache.get('k', () => new Promise<string>((resolve) => (release = resolve)));
  cache.expireAll();
  const after = cache.get('k', value('v2'));
  release('v1');
  expect(await before).toBe('v1');
  expect(await after).toBe('v2');
});

test('a first load under way is not counted as a value the site could show', async () => {
  const { cache, advance } = setup();
  await cache.get('kept', value('v1'));
  advance(2000);
  let release: (v: string) => void = () => undefined;
  const first = cache.get('new', () => new Promise<string>((resolve) => (release = resolve)));
  const refreshing = cache.get('kept', () => new Promise<string>(() => undefined));
  expect(cache.size).toBe(1);
  expect(await refreshing).toBe('v1');
  release('n1');
  await first;
  expect(cache.size).toBe(2);
});

test('a load whose key is evicted while it runs still answers the read that waits for it', async () => {
  const cache = new StaleWhileRevalidateCache({ ttlMs: 1000, max: 1, onError: () => undefined });
  let release: (v: string) => void = () => undefined;
  const evicted = cache.get('a', () => new Promise<string>((resolve) => (release = resolve)));
  expect(await cache.get('b', value('b1'))).toBe('b1');
  release('a1');
  expect(await evicted).toBe('a1');
});
