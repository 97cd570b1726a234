import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { throttle } from './throttle.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

test('a throttled call runs at once, then at most once per window with the latest arguments', () => {
  const calls: number[] = [];
  const measure = throttle((height: number) => calls.push(height), 500);
  measure(90);
  measure(80);
  measure(72);
  expect(calls).toEqual([90]);
  vi.advanceTimersByTime(499);
  expect(calls).toEqual([90]);
  vi.advanceTimersByTime(1);
  expect(calls).toEqual([90, 72]);
  vi.advanceTimersByTime(1000);
  expect(calls).toEqual([90, 72]);
});

test('a cancelled throttle drops its pending call', () => {
  const calls: number[] = [];
  const measure = throttle((height: number) => calls.push(height), 500);
  measure(1);
  measure(2);
  measure.cancel();
  vi.advanceTimersByTime(1000);
  expect(calls).toEqual([1]);
});
