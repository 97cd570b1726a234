import cron, { type ScheduledTask } from 'node-cron';
import type { Logger } from '../../platform/logging/logger.ts';
import { leadsUndeliveredPurged } from '../../platform/monitoring/metrics.ts';
import type { LeadStore } from './store.ts';
import { StoreUnavailableError } from './storeAvailability.ts';
import type { UploadFiles } from './uploadFiles.ts';

const DAY = 86_400_000;
/** A form result is read by the page the visitor is sent back to at once: an hour covers a reload, like unclaimed uploads. */
export const FORM_RESULT_TTL_MS = 3_600_000;
/** An upload no submission claimed within an hour is a personal file nobody asked us to keep (and space to abuse). */
export const UNCLAIMED_UPLOAD_TTL_MS = 3_600_000;

/** How long a budget reservation counts: far beyond the 30 s request timeout, so only a dead process's runs out (decision 039). */
export const UPLOAD_RESERVATION_TTL_MS = 15 * 60_000;
/** Often enough that an unclaimed upload outlives its hour by at most this schedule's step. */
const PURGE_CRON = '*/10 * * * *';

/** Most lead ids one error line names; a run deletes at most 500 leads. */
const UNDELIVERED_IDS_LOGGED = 50;

/** What one run removed: leads erased after delivery, leads deleted undelivered, files. */
export interface PurgeResult {
  readonly leads: number;
  readonly undelivered: number;
  readonly files: number;
}

export interface PurgeOptions {
  readonly store: LeadStore;
  readonly files: UploadFiles;
  readonly purgeAfterDays: number;
  /** Days after which a lead that has not reached every destination is deleted (decision 023). */
  readonly undeliveredPurgeAfterDays: number;
  readonly logger: Logger;
  readonly now?: () => number;
}

// Any constant distinct from the migration lock's: the same in every instance.
const PURGE_LOCK = 6_270_612;

/** 152-FZ: personal data goes `purgeAfterDays` after delivery; an undelivered lead after `undeliveredPurgeAfterDays` (decision 023). */
export class Purge {
  private task: ScheduledTask | undefined;

  constructor(private readonly options: PurgeOptions) {}

  /** One run across all instances: one that finds another running skips (`skipped: true`). */
  async run(): Promise<PurgeResult & { skipped?: true }> {
    return (
      (await this.options.store.runExclusive(PURGE_LOCK, () => this.purgeNow())) ?? { leads: 0, undelivered: 0, files: 0, skipped: true }
    );
  }

  private async purgeNow(): Promise<PurgeResult> {
    const { store, files, purgeAfterDays, undeliveredPurgeAfterDays, logger } = this.options;
    const now = (this.options.now ?? Date.now)();
    const purged = await store.purgeDelivered(now - purgeAfterDays * DAY, now);
    await files.delete(purged.uploadIds);
    const undelivered = await store.deleteUndelivered(now - undeliveredPurgeAfterDays * DAY);
    await files.delete(undelivered.uploadIds);
    if (undelivered.leadIds.length > 0) {
      leadsUndeliveredPurged.inc(undelivered.leadIds.length);
      // Ids only (random, no personal data), to find the earlier delivery failures in the logs.
      logger.error(
        {
          leads: undelivered.leadIds.length,
          leadIds: undelivered.leadIds.slice(0, UNDELIVERED_IDS_LOGGED),
          files: undelivered.uploadIds.length,
          afterDays: undeliveredPurgeAfterDays,
        },
        'undelivered leads deleted with their files: they never reached every destination',
      );
    }
    const spam = await store.deleteSuspectedSpam(now - undeliveredPurgeAfterDays * DAY);
    await files.delete(spam.uploadIds);
    const abandoned = await store.purgeUnclaimedUploads(now - UNCLAIMED_UPLOAD_TTL_MS);
    await files.delete(abandoned);
    const orphans = await files.sweepOrphans(now - UNCLAIMED_UPLOAD_TTL_MS, (id) => store.hasUpload(id));
    await store.purgeRateLimits(now);
    await store.purgeUploadReservations(now - UPLOAD_RESERVATION_TTL_MS);
    await store.purgeFormResults(now - FORM_RESULT_TTL_MS);
    const result = {
      leads: purged.leads,
      undelivered: undelivered.leadIds.length,
      files: purged.uploadIds.length + undelivered.uploadIds.length + spam.uploadIds.length + abandoned.length + orphans,
    };
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
          // An unreachable database was logged once by the store (storeAvailability.ts).
          if (error instanceof StoreUnavailableError) return;
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
