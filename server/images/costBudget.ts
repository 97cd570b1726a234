import { ClientLeft, ImageError } from './imageError.ts';

/** A job's hold on the budget: its cost can be corrected once it is known, and is given back once. */
export interface CostLease {
  /** Replaces the estimate by the actual cost (a remote source's size is known only once fetched). */
  settle(cost: number): void;
  release(): void;
}

interface Waiter {
  readonly cost: number;
  readonly background: boolean;
  readonly start: () => void;
}

/** The 503 of a full queue; `imageService.ts` adds Retry-After. */
export const BUDGET_FULL_MESSAGE = 'Сервис изображений перегружен, повторите позже';

/**
 * Image jobs by what they cost, not by how many they are (`imageCost.ts`): jobs run while the
 * cost in flight stays within `capacity`, so one wide AVIF occupies what a dozen card-sized WebPs
 * would. Jobs that do not fit wait in order while the queued cost stays within `queueCapacity`;
 * one more is refused (503). A job dearer than the whole capacity runs alone, and is queued only
 * into an empty queue, so it is served, late, instead of never.
 *
 * Background jobs (pre-generation) are never refused and never go before a visitor's: they start
 * only when no visitor's job waits and they fit, so they take what visitors leave.
 */
export class CostBudget {
  #inFlight = 0;
  #running = 0;
  #queuedCost = 0;
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

  /** Cost units of visitors' jobs waiting. */
  get queued(): number {
    return this.#queuedCost;
  }

  /**
   * Resolves once the job may run; rejects with a 503 when the queue is full and with a 499 when
   * `signal` aborts while it waits (it then leaves the queue at once).
   */
  async acquire(cost: number, signal: AbortSignal, options: { background?: boolean } = {}): Promise<CostLease> {
    const background = options.background === true;
    if (signal.aborted) throw new ClientLeft();
    if (this.#visitors.length === 0 && (background ? this.#background.length === 0 : true) && this.#fits(cost)) return this.#lease(cost);
    if (!background && this.#visitors.length > 0 && this.#queuedCost + cost > this.queueCapacity) {
      throw new ImageError(503, BUDGET_FULL_MESSAGE);
    }
    const queue = background ? this.#background : this.#visitors;
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        cost,
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
          if (!background) this.#queuedCost -= cost;
        }
        reject(new ClientLeft());
        this.#startWaiting();
      };
      signal.addEventListener('abort', drop, { once: true });
      queue.push(waiter);
      if (!background) this.#queuedCost += cost;
    });
    return this.#lease(cost, true);
  }

  #fits(cost: number): boolean {
    // Counted by jobs, not by the sum of costs, which floating point never brings back to 0 exactly.
    return this.#running === 0 || this.#inFlight + cost <= this.capacity + 1e-9;
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
      if (!next.background) this.#queuedCost -= next.cost;
      this.#inFlight += next.cost;
      this.#running += 1;
      next.start();
    }
  }
}
