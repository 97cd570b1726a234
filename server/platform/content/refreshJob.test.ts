import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { ContentClient } from './client/contentClient.ts';
import { createLogger } from '../logging/logger.ts';
import { captureLogs } from '../../../tests/support/captureLogs.ts';
import { startRefreshJob } from './refreshJob.ts';

type RefreshResult = Awaited<ReturnType<ContentClient['refreshLists']>>;

/**
 * A content client whose refreshes are counted; each one answers with `answer()`, which a test
 * can hold back to keep a run going.
 */
function fakeClient(answer: () => Promise<RefreshResult> = async () => ({ refreshed: 5, failed: [] })) {
  let runs = 0;
  const client = {
    refreshLists: () => {
      runs += 1;
      return answer();
    },
  } as unknown as ContentClient;
  return { client, runs: () => runs };
}

// node-cron reads the clock and waits with setTimeout: vitest's fake timers drive both, so the
// job runs on its real schedule (every minute) without a test waiting for it.
beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-02T09:00:30Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

test('the lists are refreshed once at start-up, then at the start of every minute, and no more once stopped', async () => {
  const { client, runs } = fakeClient();
  const stop = startRefreshJob(client, createLogger('silent'));
  await vi.advanceTimersByTimeAsync(0);
  expect(runs()).toBe(1);
  // 09:00:59: the first minute mark is still ahead.
  await vi.advanceTimersByTimeAsync(29_000);
  expect(runs()).toBe(1);
  // 09:01:00 and 09:02:00.
  await vi.advanceTimersByTimeAsync(1_000);
  expect(runs()).toBe(2);
  await vi.advanceTimersByTimeAsync(60_000);
  expect(runs()).toBe(3);
  await stop();
  await vi.advanceTimersByTimeAsync(5 * 60_000);
  expect(runs()).toBe(3);
});

test('a refresh still running when the next minute comes is not started a second time', async () => {
  let finish!: () => void;
  const { client, runs } = fakeClient(
    () => new Promise<RefreshResult>((resolve) => (finish = () => resolve({ refreshed: 5, failed: [] }))),
  );
  const stop = startRefreshJob(client, createLogger('silent'));
  await vi.advanceTimersByTimeAsync(0);
  finish();
  await vi.advanceTimersByTimeAsync(30_000);
  expect(runs()).toBe(2);
  // The 09:01 run hangs through 09:02 and 09:03: neither starts another beside it.
  await vi.advanceTimersByTimeAsync(2 * 60_000);
  expect(runs()).toBe(2);
  finish();
  await vi.advanceTimersByTimeAsync(60_000);
  expect(runs()).toBe(3);
  finish();
  await stop();
});

test('a refresh that keeps cached lists is logged as a warning naming them', async () => {
  const { logs, stream } = captureLogs();
  const { client } = fakeClient(async () => ({ refreshed: 4, failed: ['redirects'] }));
  const stop = startRefreshJob(client, createLogger('info', stream));
  await vi.advanceTimersByTimeAsync(0);
  await stop();
  expect(logs.lines).toHaveLength(1);
  expect(logs.lines[0]).toMatchObject({ level: 40, msg: 'content refresh: some lists kept their cached copy', failed: ['redirects'] });
});

// Start-up at 09:00:30, then 09:01 and 09:02: the first call is the start-up's, the second the
// first scheduled one.
test.each([
  { which: 'start-up', throwingCall: 1, advanceMs: 30_000, runs: 2, then: 'the schedule goes on' },
  { which: 'scheduled', throwingCall: 2, advanceMs: 90_000, runs: 3, then: 'the next one runs' },
])('a $which refresh that throws is logged as an error, and $then', async ({ throwingCall, advanceMs, runs: expectedRuns }) => {
  const { logs, stream } = captureLogs();
  let calls = 0;
  const { client, runs } = fakeClient(async () => {
    calls += 1;
    if (calls === throwingCall) throw new Error('content service unreachable');
    return { refreshed: 5, failed: [] };
  });
  const stop = startRefreshJob(client, createLogger('info', stream));
  await vi.advanceTimersByTimeAsync(advanceMs);
  expect(runs()).toBe(expectedRuns);
  await stop();
  expect(logs.lines).toHaveLength(1);
  expect(logs.lines[0]).toMatchObject({ level: 50, msg: 'content refresh failed', err: { message: 'content service unreachable' } });
});
