import cron, { type ScheduledTask } from 'node-cron';
import type { Logger } from '../logging/logger.ts';
import type { LeadStore } from './store.ts';
import type { UploadFiles } from './uploadFiles.ts';

const DAY = 86_400_000;
/**
 * An upload no submission claimed within an hour is dropped: a visitor sends the form minutes
 * after choosing the files, and a file nobody claims is a personal file nobody asked us to keep
 * (and space an abuser could fill).
 */
export const UNCLAIMED_UPLOAD_TTL_MS = 3_600_000;
/** Often enough that an unclaimed upload outlives its hour by at most this schedule's step. */
const PURGE_CRON = '*/10 * * * *';

export interface PurgeOptions {
  readonly store: LeadStore;
  readonly files: UploadFiles;
  readonly purgeAfterDays: number;
  readonly logger: Logger;
  readonly now?: () => number;
}

/**
 * 152-FZ: personal fields and attachments are kept only as long as the
 * agency needs them on our side — `purgeAfterDays` after the lead reached every destination.
 * Undelivered leads are never purged: that would lose them.
 */
// Any constant distinct from the migration lock's: the same in every instance.
export const PURGE_LOCK = 6_270_612;

export class Purge {
  private task: ScheduledTask | undefined;
  private readonly options: PurgeOptions;

  constructor(options: PurgeOptions) {
    this.options = options;
  }

  /** One run across all instances: one that finds another running skips (`skipped: true`). */
  async run(): Promise<{ leads: number; files: number; skipped?: true }> {
    return (await this.options.store.runExclusive(PURGE_LOCK, () => this.purgeNow())) ?? { leads: 0, files: 0, skipped: true };
  }

  private async purgeNow(): Promise<{ leads: number; files: number }> {
    const { store, files, purgeAfterDays, logger } = this.options;
    const now = (this.options.now ?? Date.now)();
    const purged = await store.purgeDelivered(now - purgeAfterDays * DAY, now);
    await files.delete(purged.uploadIds);
    const abandoned = await store.purgeUnclaimedUploads(now - UNCLAIMED_UPLOAD_TTL_MS);
    await files.delete(abandoned);
    const orphans = await files.sweepOrphans(now - UNCLAIMED_UPLOAD_TTL_MS, (id) => store.hasUpload(id));
    await store.purgeRateLimits(now);
    const result = { leads: purged.leads, files: purged.uploadIds.length + abandoned.length + orphans };
    if (result.leads > 0 || result.files > 0) logger.info(result, 'personal data purged');
    return result;
  }

  start(): void {
    this.task = cron.schedule(
      PURGE_CRON,
      async () => {
        try {
          await this.run();
        } catch (error) {
          this.options.logger.error({ err: { message: (error as Error).message } }, 'purge of personal data failed; will retry');
        }
      },
      { name: 'leads-purge', noOverlap: true },
    );
  }

  async stop(): Promise<void> {
    await this.task?.destroy();
  }
}
