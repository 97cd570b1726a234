import { ClientLeft, ImageError } from './imageError.ts';

/** A job's hold on the budget: its cost can be corrected once it is known, and is given back once. */
export interface CostLease {
  /** Replaces the estimate by the actual cost (a remote source's size is known only once fetched). */
  settle(cost: number): void;
  release(): void;
}

interface Waiter {
  readonly cost: number;
  /** What it takes of the queue: its cost, at most the whole budget (it will run alone anyway). */
  readonly weight: number;
  readonly client: string | undefined;
  readonly background: boolean;
  readonly start: () => void;
}

/** Sums of costs are floating point: comparisons allow for the rounding. */
const EPSILON = 1e-9;

/** The 503 of a full queue; `imageService.ts` adds Retry-After. */
export const BUDGET_FULL_MESSAGE = 'Сервис изображений перегружен, повторите позже';

/**
 * Image jobs by what they cost, not by how many they are (`imageCost.ts`): jobs run while the
 * cost in flight stays within `capacity`, so one wide AVIF occupies what a dozen card-sized WebPs
 * would. Jobs that do not fit wait in order while the queued cost stays within `queueCapacity`;
 * one more is refused (503). A job dearer than the whole capacity runs alone, so it is served,
 * late, instead of never; waiting, it counts as the whole capacity. One client's waiting jobs
 * are held to one capacity's worth: a client asking for wide AVIFs as fast as it can keeps one
 * waiting, and everybody else's images still queue behind it (the hostile soak's image flood
 * had every other client refused while one 3072 px AVIF filled the queue).
 *
 * Background jobs (pre-generation) are never refused and never go before a visitor's: they start
 * only when no visitor's job waits and they fit, so they take what visitors leave.
 */
export class CostBudget {
  #inFlight = 0;
  #running = 0;
  #queuedCost = 0;
  readonly #queuedBy = new Map<string, number>();
  readonly #visitors: Waiter[] = [];
  readonly #background: Waiter[] = [];

  constructor(
    readonly capacity: number,
    readonly queueCapacity: number,
  ) {}

  /** Cost units of the jobs running now. */
  get inFlight(): number {
    return this.#running === 0 ? 0 : this.#inFlight;
  }

  /** Jobs running now. */
  get running(): number {
    return this.#running;
  }

  /** Cost units of visitors' jobs waiting (each counted at most as the whole capacity). */
  get queued(): number {
    return this.#queuedCost;
  }

  /**
   * Resolves once the job may run; rejects with a 503 when the queue is full and with a 499 when
   * `signal` aborts while it waits (it then leaves the queue at once).
   */
  async acquire(cost: number, signal: AbortSignal, options: { background?: boolean; client?: string } = {}): Promise<CostLease> {
    const background = options.background === true;
    const client = background ? undefined : options.client;
    if (signal.aborted) throw new ClientLeft();
    if (this.#visitors.length === 0 && (background ? this.#background.length === 0 : true) && this.#fits(cost)) return this.#lease(cost);
    const weight = Math.min(cost, this.capacity);
    if (!background) {
      const queueFull = this.#visitors.length > 0 && this.#queuedCost + weight > this.queueCapacity + EPSILON;
      const mine = client === undefined ? 0 : (this.#queuedBy.get(client) ?? 0);
      if (queueFull || (mine > 0 && mine + weight > this.capacity + EPSILON)) throw new ImageError(503, BUDGET_FULL_MESSAGE);
    }
    const queue = background ? this.#background : this.#visitors;
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        cost,
        weight,
        client,
        background,
        start: () => {
          signal.removeEventListener('abort', drop);
          resolve();
        },
      };
      const drop = () => {
        const index = queue.indexOf(waiter);
        if (index !== -1) {
          queue.splice(index, 1);
          this.#dequeued(waiter);
        }
        reject(new ClientLeft());
        this.#startWaiting();
      };
      signal.addEventListener('abort', drop, { once: true });
      queue.push(waiter);
      if (!background) {
        this.#queuedCost += weight;
        if (client !== undefined) this.#queuedBy.set(client, (this.#queuedBy.get(client) ?? 0) + weight);
      }
    });
    return this.#lease(cost, true);
  }

  #fits(cost: number): boolean {
    // Counted by jobs, not by the sum of costs, which floating point never brings back to 0 exactly.
    return this.#running === 0 || this.#inFlight + cost <= this.capacity + EPSILON;
  }

  #dequeued(waiter: Waiter): void {
    if (waiter.background) return;
    this.#queuedCost = this.#visitors.length === 0 ? 0 : this.#queuedCost - waiter.weight;
    if (waiter.client === undefined) return;
    const left = (this.#queuedBy.get(waiter.client) ?? 0) - waiter.weight;
    if (left > EPSILON) this.#queuedBy.set(waiter.client, left);
    else this.#queuedBy.delete(waiter.client);
  }

  #lease(cost: number, counted = false): CostLease {
    if (!counted) {
      this.#inFlight += cost;
      this.#running += 1;
    }
    let held = cost;
    let released = false;
    return {
      settle: (actual) => {
        if (released) return;
        this.#inFlight += actual - held;
        held = actual;
        this.#startWaiting();
      },
      release: () => {
        if (released) return;
        released = true;
        this.#inFlight -= held;
        this.#running -= 1;
        if (this.#running === 0) this.#inFlight = 0;
        this.#startWaiting();
      },
    };
  }

  /** Starts waiting jobs in order, visitors first, while the next one fits. */
  #startWaiting(): void {
    for (;;) {
      const queue = this.#visitors.length > 0 ? this.#visitors : this.#background;
      const next = queue[0];
      if (next === undefined || !this.#fits(next.cost)) return;
      queue.shift();
      this.#dequeued(next);
      this.#inFlight += next.cost;
      this.#running += 1;
      next.start();
    }
  }
}
