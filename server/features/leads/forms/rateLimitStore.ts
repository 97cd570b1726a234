import type { IncrementResponse, Options, Store } from 'express-rate-limit';
import type { Config } from '../../../platform/config/env.ts';
import type { LeadCapture } from '../leadCapture.ts';
import type { LeadStore } from '../store.ts';

/**
 * Counted in the leads database, shared by every instance and worker, when there is more than
 * one process: PostgreSQL, or SQLite's file that one instance's workers share (docs/deploy.md);
 * in the process's memory (express-rate-limit's own store) otherwise.
 */
export function sharedRateLimitStore(
  config: Pick<Config, 'leads' | 'webConcurrency'>,
  leads: () => Promise<LeadCapture>,
  prefix: string,
): Store | undefined {
  const shared = config.leads.databaseUrl !== undefined || config.webConcurrency > 1;
  return shared ? new DatabaseRateLimitStore(async () => (await leads()).store, { prefix }) : undefined;
}

/**
 * An express-rate-limit store over the leads database (PostgreSQL when DATABASE_URL is set, else
 * the SQLite file one instance's workers share), so every instance and every worker counts a
 * client's posts together (docs/deploy.md).
 *
 * Written here rather than taken from `@acpr/rate-limit-postgresql`: that package opens a pool
 * of its own, creates its own schema with its own migration tool at start-up and counts with
 * one row per hit; this one reuses the leads store's pool and migrations and keeps one row per
 * client and window, updated by a single upsert (`LeadStore.hitRateLimit`); the purge job drops
 * rows whose window ended.
 */
export class DatabaseRateLimitStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  #windowMs = 60_000;
  readonly #store: () => Promise<LeadStore>;
  readonly #now: () => number;

  constructor(store: () => Promise<LeadStore>, options: { prefix: string; now?: () => number }) {
    this.#store = store;
    this.prefix = options.prefix;
    this.#now = options.now ?? Date.now;
  }

  init(options: Options): void {
    this.#windowMs = options.windowMs;
  }

  async increment(key: string): Promise<IncrementResponse> {
    const { hits, resetAt } = await (await this.#store()).hitRateLimit(this.prefix + key, this.#now(), this.#windowMs);
    return { totalHits: hits, resetTime: new Date(resetAt) };
  }

  async decrement(key: string): Promise<void> {
    await (await this.#store()).unhitRateLimit(this.prefix + key);
  }

  async resetKey(key: string): Promise<void> {
    await (await this.#store()).resetRateLimit(this.prefix + key);
  }
}
