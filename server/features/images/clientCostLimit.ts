import { LRUCache } from 'lru-cache';
import { ClientRefusal } from './imageError.ts';

/** Addresses remembered at once: a scan from more only forgets the oldest windows. */
const MAX_CLIENTS = 10_000;

/** Cost units one address may have computed per window, per worker, in lru-cache's TTL; cache hits free; over: 429 (decision 024). */
export class ClientCostLimit {
  readonly #windows: LRUCache<string, { spent: number }>;

  constructor(
    private readonly perWindow: number,
    windowMs = 60_000,
    now: () => number = () => performance.now(),
  ) {
    this.#windows = new LRUCache({ max: MAX_CLIENTS, ttl: windowMs, ttlResolution: 0, perf: { now } });
  }

  /** Charges `cost` to `client` or throws a 429 that says when to come back. */
  charge(client: string, cost: number): void {
    let window = this.#windows.get(client);
    if (window === undefined) this.#windows.set(client, (window = { spent: 0 }));
    // A first job dearer than the whole allowance still runs: the budget bounds it, and refusing it would make that variant unreachable.
    if (window.spent > 0 && window.spent + cost > this.perWindow) {
      throw new RateLimited(Math.max(1, Math.ceil(this.#windows.getRemainingTTL(client) / 1000)));
    }
    window.spent += cost;
  }

  /** Gives back part of a charge (an estimate that turned out high). */
  refund(client: string, cost: number): void {
    const window = this.#windows.get(client);
    if (window !== undefined) window.spent = Math.max(0, window.spent - cost);
  }
}

/** 429 with the seconds until the client's window ends. */
export class RateLimited extends ClientRefusal {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'Слишком много запросов изображений, повторите позже');
  }
}
