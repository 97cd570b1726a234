import { expect, test } from 'vitest';
import type { ContentClient } from '../content-client/contentClient.ts';
import { createLogger } from '../logging/logger.ts';
import { captureLogs } from '../../tests/support/testApp.ts';
import { startRefreshJob } from './refreshJob.ts';

function fakeClient(failed: string[] = []) {
  let runs = 0;
  const client = {
    refreshLists: async () => {
      runs += 1;
      return { refreshed: 5 - failed.length, failed };
    },
  } as unknown as ContentClient;
  return { client, runs: () => runs };
}

test('the lists are refreshed once at start-up, then again on the schedule', async () => {
  const { client, runs } = fakeClient();
  // Every second (node-cron's six-field form), so the second run comes within the test.
  const stop = startRefreshJob(client, createLogger('silent'), '* * * * * *');
  await expect.poll(runs).toBe(1);
  await expect.poll(runs, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
  await stop();
  const stopped = runs();
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(runs()).toBe(stopped);
});

test('a refresh that keeps cached lists is logged as a warning naming them', async () => {
  const { logs, stream } = captureLogs();
  const { client } = fakeClient(['redirects']);
  const stop = startRefreshJob(client, createLogger('info', stream));
  await expect
    .poll(() => logs.lines.find((line) => line.msg === 'content refresh: some lists kept their cached copy'))
    .toMatchObject({ failed: ['redirects'] });
  await stop();
});
