import { afterEach, expect, test, vi } from 'vitest';
import { startBuildCheck } from './buildCheck.ts';
import { BUILD_CHECK_INTERVAL_MS } from '../../shared/browser/freshnessTimings.ts';

afterEach(() => {
  vi.useRealTimers();
});

test('the latest build is asked for every hour and a different id is reported once', async () => {
  vi.useFakeTimers();
  const ids = ['a', 'a', 'b', 'c'];
  const fetchLatestId = vi.fn(async () => ids.shift());
  const onNewBuild = vi.fn();
  startBuildCheck({ currentId: 'a', fetchLatestId, onNewBuild });

  await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS - 1);
  expect(fetchLatestId).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(1);
  expect(fetchLatestId).toHaveBeenCalledTimes(1);
  await vi.advanceTimersByTimeAsync(2 * BUILD_CHECK_INTERVAL_MS);
  expect(onNewBuild).toHaveBeenCalledExactlyOnceWith('b');
  await vi.advanceTimersByTimeAsync(5 * BUILD_CHECK_INTERVAL_MS);
  expect(fetchLatestId).toHaveBeenCalledTimes(3);
});

test('becoming visible checks only when the last check is an hour old', async () => {
  let now = 0;
  const fetchLatestId = vi.fn(async () => 'a');
  const check = startBuildCheck({ currentId: 'a', fetchLatestId, onNewBuild: vi.fn(), now: () => now });
  now = BUILD_CHECK_INTERVAL_MS - 1;
  await check.checkIfDue();
  expect(fetchLatestId).not.toHaveBeenCalled();
  now = BUILD_CHECK_INTERVAL_MS;
  await check.checkIfDue();
  expect(fetchLatestId).toHaveBeenCalledTimes(1);
  check.stop();
});

test('a failed check is not a new build', async () => {
  const onNewBuild = vi.fn();
  const check = startBuildCheck({
    currentId: 'a',
    fetchLatestId: async () => {
      throw new TypeError('offline');
    },
    onNewBuild,
  });
  await check.check();
  expect(onNewBuild).not.toHaveBeenCalled();
  check.stop();
});
