import { buildTag } from '../../platform/content/responseTags.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import { cachePurgeFailures, cachePurges, cachePurgesPending } from './purgeMetrics.ts';
import type { TagPurger } from './purgers.ts';
import type { PurgeStore } from './purgeStore.ts';

/** What one purge target did with a publish's tags: the webhook's answer lists one per target. */
export type PurgeOutcome =
  | { readonly target: string; readonly purged: readonly string[] }
  | { readonly target: string; readonly failed: readonly string[]; readonly error: string; readonly queued: boolean };

export interface PurgeQueueOptions {
  readonly purgers: readonly TagPurger[];
  readonly store: PurgeStore;
  readonly logger: Logger;
  /** First retry delay; doubles with every failure up to `retryMaxMs` (as the leads outbox, decision 008). */
  readonly retryBaseMs?: number;
  readonly retryMaxMs?: number;
  /** A claimed retry is someone else's to try again after this long (its instance died mid-purge). */
  readonly leaseMs?: number;
  /** How often every instance looks for retries due. */
  readonly pollMs?: number;
}

const MINUTE = 60_000;
const BATCH = 20;

/** Purges of the caches in front (decision 036): once per publish; failures retried by any instance; a new build purges old copies. */
export class PurgeQueue {
  readonly #byName: ReadonlyMap<string, TagPurger>;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;

  constructor(private readonly options: PurgeQueueOptions) {
    this.#byName = new Map(options.purgers.map((purger) => [purger.name, purger]));
  }

  /** Purges `tags` on every target now; what failed is stored for a retry. */
  async purgeNow(tags: readonly string[]): Promise<PurgeOutcome[]> {
    const { purgers, store, logger } = this.options;
    const results = await Promise.allSettled(purgers.map((purger) => purger.invalidateTags(tags)));
    const failed = purgers.filter((_, index) => results[index]!.status === 'rejected');
    let queued = true;
    try {
      await store.add(failed.map((purger) => ({ target: purger.name, tags })));
    } catch (error) {
      queued = false;
      logger.error({ err: { message: (error as Error).message } }, 'failed cache purges could not be stored for a retry');
    }
    if (failed.length > 0) this.#scheduleSoon();
    return results.map((result, index) => {
      const target = purgers[index]!.name;
      if (result.status === 'fulfilled') {
        cachePurges.labels(target).inc();
        logger.info({ target, tags: tags.length }, 'cache purged');
        return { target, purged: tags };
      }
      const error = messageOf(result.reason);
      cachePurgeFailures.labels(target).inc();
      logger.error({ target, tags: tags.length, queued, err: { message: error } }, 'cache purge failed');
      return { target, failed: tags, error, queued };
    });
  }

  /** This process serves `buildId`: if no instance did before, older builds' copies are purged on every target, once. */
  async startBuild(buildId: string): Promise<void> {
    const { store, logger } = this.options;
    try {
      const first = await store.claimBuild(buildId, [...this.#byName.keys()], (older) => older.map(buildTag));
      if (first) logger.info({ buildId }, 'new build: the copies of older builds are purged');
    } catch (error) {
      logger.warn({ err: { message: (error as Error).message } }, 'builds seen could not be read; older copies are not purged');
    }
    await this.run();
  }

  /** Retries what is due; overlapping calls share one run. */
  run(): Promise<void> {
    this.#running ??= this.#retryDue().finally(() => (this.#running = undefined));
    return this.#running;
  }

  /** Looks for retries due every `pollMs` (the timer never keeps the process alive). */
  start(): void {
    this.#timer ??= setInterval(() => void this.run(), this.options.pollMs ?? MINUTE).unref();
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running;
    await this.options.store.close();
  }

  #scheduleSoon(): void {
    setTimeout(() => void this.run(), this.options.retryBaseMs ?? 10_000).unref();
  }

  async #retryDue(): Promise<void> {
    const { store, logger } = this.options;
    try {
      for (;;) {
        const due = await store.claimDue([...this.#byName.keys()], BATCH, this.options.leaseMs ?? 5 * MINUTE);
        for (const purge of due) await this.#retry(purge);
        if (due.length < BATCH) break;
      }
      cachePurgesPending.set(await store.pending());
    } catch (error) {
      logger.warn({ err: { message: (error as Error).message } }, 'cache purge retries not run: their store did not answer');
    }
  }

  async #retry(purge: { id: string; target: string; tags: readonly string[]; attempts: number }): Promise<void> {
    const { store, logger } = this.options;
    const purger = this.#byName.get(purge.target)!;
    try {
      await purger.invalidateTags(purge.tags);
    } catch (error) {
      cachePurgeFailures.labels(purge.target).inc();
      const delay = Math.min((this.options.retryBaseMs ?? 10_000) * 2 ** purge.attempts, this.options.retryMaxMs ?? 60 * MINUTE);
      logger.error({ target: purge.target, attempts: purge.attempts + 1, err: { message: messageOf(error) } }, 'cache purge retry failed');
      return store.retryLater(purge.id, delay, messageOf(error));
    }
    cachePurges.labels(purge.target).inc();
    logger.info({ target: purge.target, tags: purge.tags.length, attempts: purge.attempts + 1 }, 'queued cache purge done');
    await store.done(purge.id);
  }
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
