import type { IncrementResponse, Options, Store } from 'express-rate-limit';
import type { Config } from '../../../platform/config/env.ts';
import type { LeadCapture } from '../leadCapture.ts';
import type { LeadStore } from '../store.ts';

/** With more than one process, counted in the leads database (docs/deploy.md); else in express-rate-limit's memory store. */
export function sharedRateLimitStore(
  config: Pick<Config, 'leads' | 'webConcurrency'>,
  leads: () => Promise<LeadCapture>,
  prefix: string,
): Store | undefined {
  const shared = config.leads.databaseUrl !== undefined || config.webConcurrency > 1;
  return shared ? new DatabaseRateLimitStore(async () => (await leads()).store, prefix) : undefined;
}

/** express-rate-limit's store over the leads database: one upsert per hit, one row per client (decision 045). */
export class DatabaseRateLimitStore implements Store {
  readonly localKeys = false;
  #windowMs = 60_000;

  constructor(
    private readonly store: () => Promise<LeadStore>,
    readonly prefix: string,
    private readonly now: () => number = Date.now,
  ) {}

  init(options: Options): void {
    this.#windowMs = options.windowMs;
  }

  async increment(key: string): Promise<IncrementResponse> {
    const { hits, resetAt } = await (await this.store()).hitRateLimit(this.prefix + key, this.now(), this.#windowMs);
    return { totalHits: hits, resetTime: new Date(resetAt) };
  }

  async decrement(key: string): Promise<void> {
    await (await this.store()).unhitRateLimit(this.prefix + key);
  }

  async resetKey(key: string): Promise<void> {
    await (await this.store()).resetRateLimit(this.prefix + key);
  }
}
