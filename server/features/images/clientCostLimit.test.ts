import { expect, test } from 'vitest';
import { ClientCostLimit, RateLimited } from './clientCostLimit.ts';

test('an address is limited by the cost it has had computed, not by the number of images', () => {
  // lru-cache's clock: a window opened at 0 would never end.
  let now = 1;
  const limit = new ClientCostLimit(10, 60_000, () => now);
  for (let i = 0; i < 40; i += 1) limit.charge('198.51.100.1', 0.2);
  expect(() => limit.charge('198.51.100.1', 3)).toThrow(RateLimited);
  expect(() => limit.charge('198.51.100.2', 9)).not.toThrow();
  expect(() => limit.charge('198.51.100.2', 2)).toThrow(RateLimited);
  now = 30_001;
  let refusal: unknown;
  try {
    limit.charge('198.51.100.2', 2);
  } catch (error) {
    refusal = error;
  }
  expect(refusal).toMatchObject({ status: 429, retryAfterSeconds: 30 });
  now = 60_002;
  expect(() => limit.charge('198.51.100.2', 2)).not.toThrow();
});

test('a first image dearer than the whole allowance is still made; a refund makes room again', () => {
  const limit = new ClientCostLimit(10, 60_000, () => 1);
  expect(() => limit.charge('198.51.100.3', 57)).not.toThrow();
  expect(() => limit.charge('198.51.100.3', 0.2)).toThrow(RateLimited);
  limit.refund('198.51.100.3', 56);
  expect(() => limit.charge('198.51.100.3', 5)).not.toThrow();
});
