import cron, { type ScheduledTask } from 'node-cron';
import type { Logger } from '../../platform/logging/logger.ts';
import { leadsDelivered, leadsOutboxRuns } from '../../platform/monitoring/metrics.ts';
import type { Delivery, LeadStore } from './store.ts';
import { StoreUnavailableError } from './storeAvailability.ts';
import type { Sender } from './webhook.ts';

export interface OutboxOptions {
  readonly store: LeadStore;
  /** Destination name → how to deliver there ("webhook", "email"). */
  readonly senders: Readonly<Record<string, Sender>>;
  readonly logger: Logger;
  /** First retry delay; doubles with every failure up to `retryMaxMs`. */
  readonly retryBaseMs: number;
  readonly retryMaxMs?: number;
  /** A claimed delivery is retried by anyone after this long (its sender died or hung). */
  readonly leaseMs?: number;
  readonly batchSize?: number;
  /** From this many failed attempts on, every failure is logged at error level. */
  readonly alertAfterAttempts?: number;
  readonly now?: () => number;
}

const HOUR = 3_600_000;

/** Delay before attempt `attempts + 1`: base · 2^(attempts − 1), capped. */
export function retryDelay(attempts: number, baseMs: number, maxMs = HOUR): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), maxMs);
}

/** Delivers stored leads everywhere (decision 008) with back-off, never dropping one; without the database a run stops (decision 023). */
export class Outbox {
  private running: Promise<void> | undefined;
  private again = false;
  private task: ScheduledTask | undefined;
  private stopped = false;
  private readonly now: () => number;

  constructor(private readonly options: OutboxOptions) {
    this.now = options.now ?? Date.now;
  }

  get destinations(): string[] {
    return Object.keys(this.options.senders);
  }

  /** Delivers what is due now; overlapping calls share one run (plus one more if asked during it). */
  run(): Promise<void> {
    this.again = this.running !== undefined;
    this.running ??= this.deliverUntilQuiet().finally(() => (this.running = undefined));
    return this.running;
  }

  private async deliverUntilQuiet(): Promise<void> {
    do {
      this.again = false;
      await this.deliverDue();
      leadsOutboxRuns.inc();
    } while (this.again && !this.stopped);
  }

  /** Deliver soon, without making the caller (a form submission) wait. */
  kick(): void {
    if (this.stopped || this.destinations.length === 0) return;
    void this.run();
  }

  start(cronExpression: string): void {
    this.task = cron.schedule(cronExpression, () => this.run(), { name: 'leads-outbox', noOverlap: true });
  }

  /** Stops the schedule and waits for a delivery in progress (graceful shutdown). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.task?.destroy();
    await this.running;
  }

  private async deliverDue(): Promise<void> {
    const { store, logger } = this.options;
    const batchSize = this.options.batchSize ?? 20;
    const leaseMs = this.options.leaseMs ?? 10 * 60_000;
    try {
      for (let round = 0; round < 50 && !this.stopped; round += 1) {
        const batch = await store.claimDue({ now: this.now(), leaseMs, destinations: this.destinations, limit: batchSize });
        for (const delivery of batch) await this.deliver(delivery);
        if (batch.length < batchSize) return;
      }
    } catch (error) {
      // Logged once by the store (storeAvailability.ts); the schedule's next run tries again.
      if (error instanceof StoreUnavailableError) return;
      logger.error({ err: { message: (error as Error).message } }, 'leads outbox cannot read the store; will retry');
    }
  }

  private async deliver(delivery: Delivery): Promise<void> {
    const { store, logger, senders } = this.options;
    const log = { leadId: delivery.leadId, destination: delivery.destination };
    try {
      const lead = await store.getLead(delivery.leadId);
      if (lead === undefined) throw new Error('lead not found in the store');
      await senders[delivery.destination]!(lead);
      await store.markDelivered(delivery.id, this.now());
      logger.info({ ...log, attempts: delivery.attempts + 1 }, 'lead delivered');
      leadsDelivered.labels(delivery.destination).inc();
    } catch (error) {
      // Not the destination's failure: no attempt counted; the batch is retried when its lease ends.
      if (error instanceof StoreUnavailableError) throw error;
      const attempts = delivery.attempts + 1;
      const nextAttemptAt = this.now() + retryDelay(attempts, this.options.retryBaseMs, this.options.retryMaxMs);
      // Only the message: a sender's error object may carry the request (and so the lead's fields).
      const message = describeError(error);
      // Unrecorded, the lease expires and the delivery is retried anyway.
      await store.markFailed(delivery.id, { attempts, nextAttemptAt, error: message }).catch(() => undefined);
      const details = { ...log, attempts, nextAttemptAt: new Date(nextAttemptAt).toISOString(), error: message };
      if (attempts >= (this.options.alertAfterAttempts ?? 5)) logger.error(details, 'lead delivery keeps failing; kept for retry');
      else logger.warn(details, 'lead delivery failed; will retry');
    }
  }
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as Error & { cause?: unknown }).cause;
  const code = (error as Error & { code?: unknown }).code;
  const causeText = cause instanceof Error ? `: ${cause.message}` : '';
  return `${typeof code === 'string' ? `${code} ` : ''}${error.message}${causeText}`.slice(0, 300);
}
