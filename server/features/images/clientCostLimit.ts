import { ClientRefusal } from './imageError.ts';

interface Window {
  resetAt: number;
  spent: number;
}

/**
 * Cost units (`imageCost.ts`) one client address may have computed per window: a fixed window
 * per address, in memory (per worker: enough against one address flooding the service with new
 * variants). Disk-cache hits cost nothing and are never charged. Over the limit → 429 with the
 * seconds until the window ends. Expired windows are swept as the map grows, so a scan from many
 * addresses cannot grow it without bound.
 */
export class ClientCostLimit {
  readonly #windows = new Map<string, Window>();
  #sweepAt = 1024;

  constructor(
    private readonly perWindow: number,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Charges `cost` to `client` or throws a 429 that says when to come back. */
  charge(client: string, cost: number): void {
    const now = this.now();
    let window = this.#windows.get(client);
    if (window === undefined || window.resetAt <= now) {
      this.#sweep(now);
      window = { resetAt: now + this.windowMs, spent: 0 };
      this.#windows.set(client, window);
    }
    // A first job dearer than the whole allowance still runs: it is a legitimate variant (the
    // budget bounds it), and refusing it would make that variant unreachable.
    if (window.spent > 0 && window.spent + cost > this.perWindow) {
      throw new RateLimited(Math.max(1, Math.ceil((window.resetAt - now) / 1000)));
    }
    window.spent += cost;
  }

  /** Gives back part of a charge (an estimate that turned out high). */
  refund(client: string, cost: number): void {
    const window = this.#windows.get(client);
    if (window !== undefined) window.spent = Math.max(0, window.spent - cost);
  }

  #sweep(now: number): void {
    if (this.#windows.size < this.#sweepAt) return;
    for (const [client, window] of this.#windows) if (window.resetAt <= now) this.#windows.delete(client);
    this.#sweepAt = Math.max(1024, this.#windows.size * 2);
  }
}

/** 429 with the seconds until the client's window ends. */
export class RateLimited extends ClientRefusal {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'Слишком много запросов изображений, повторите позже');
  }
}
