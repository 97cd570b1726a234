import { expect, test } from 'vitest';
import type { ContentClient } from '../content-client/contentClient.ts';
import { createLogger } from '../logging/logger.ts';
import { captureLogs } from '../../tests/support/testApp.ts';
import { REFRESH_SCHEDULE, startRefreshJob } from './refreshJob.ts';

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

test('the lists are refreshed once at start-up, then every minute', async () => {
  const { client, runs } = fakeClient();
  const stop = startRefreshJob(client, createLogger('silent'));
  await expect.poll(runs).toBe(1);
  await stop();
  expect(REFRESH_SCHEDULE).toBe('* * * * *');
});

test('a refresh that keeps cached lists is logged as a warning naming them', async () => {
  const { logs, stream } = captureLogs();
  const { client } = fakeClient(['redirects']);
  const stop = startRefreshJob(client, createLogger('info', stream));
  await expect.poll(() => logs.lines.find((line) => line.msg === 'content refresh: some lists kept their cached copy')).toMatchObject({ failed: ['redirects'] });
  await stop();
});
