import cron from 'node-cron';
import type { ContentClient } from './client/contentClient.ts';
import type { Logger } from '../logging/logger.ts';

/** Every minute: the tag, filter and redirect lists (and menu, contacts) never go cold. */
const REFRESH_SCHEDULE = '* * * * *';

/** Keeps the lists every page reads warm (decision 005): at start-up, then on the schedule, never overlapping. */
export function startRefreshJob(client: ContentClient, logger: Logger): () => Promise<void> {
  // Every run logs its own failure, the scheduled ones too: node-cron catches what a task throws
  // and only emits it as an event nobody listens to.
  const run = async () => {
    try {
      const { refreshed, failed } = await client.refreshLists();
      if (failed.length > 0) logger.warn({ refreshed, failed }, 'content refresh: some lists kept their cached copy');
      else logger.debug({ refreshed }, 'content refresh: lists are fresh');
    } catch (error: unknown) {
      logger.error({ err: error }, 'content refresh failed');
    }
  };
  const task = cron.schedule(REFRESH_SCHEDULE, run, { name: 'content-refresh', noOverlap: true });
  void run();
  return async () => {
    await task.stop();
    await task.destroy();
  };
}
