import { ClientLeft, ClientRefusal, ImageError } from './imageError.ts';

/** A job's hold on the budget: its cost can be corrected once it is known, and is given back once. */
export interface CostLease {
  /** Replaces the estimate by the actual cost (a remote source's size is known only once fetched). */
  settle(cost: number): void;
  release(): void;
}

interface Waiter {
  /** What it takes of the budget and of the queue: its cost, at most the big jobs' share. */
  readonly weight: number;
  readonly client: string | undefined;
  readonly background: boolean;
  readonly start: () => void;
}

/** Sums of costs are floating point: comparisons allow for the rounding. */
const EPSILON = 1e-9;

/** The most one job takes: over half, so two dear jobs never run together, from the hostile soak (decision 044). */
export const BIG_JOB_SHARE = 0.55;

/** The 503 of a full queue; `imageService.ts` adds Retry-After. */
export const BUDGET_FULL_MESSAGE = 'Сервис изображений перегружен, повторите позже';

/**
 * Image jobs by cost (`imageCost.ts`), run while the cost in flight stays within `capacity` (decisions 024, 044).
 * Small jobs may pass a waiting big one within the reserve; others wait in order within `queueCapacity`, then 503,
 * a client's held to one big job's share. Background jobs are never refused and start when no visitor's job waits.
 */
export class CostBudget {
  #inFlight = 0;
  /** Weight in flight of the jobs small enough for the reserve. */
  #smallInFlight = 0;
  #running = 0;
  #queuedCost = 0;
  readonly #queuedBy = new Map<string, number>();
  readonly #visitors: Waiter[] = [];
  readonly #background: Waiter[] = [];
  readonly #bigShare: number;
  readonly #reserve: number;

  constructor(
    readonly capacity: number,
    readonly queueCapacity: number,
  ) {
    this.#bigShare = capacity * BIG_JOB_SHARE;
    this.#reserve = capacity - this.#bigShare;
  }

  /** Cost units (weights) of the jobs running now. */
  get inFlight(): number {
    return this.#running === 0 ? 0 : this.#inFlight;
  }

  /** Jobs running now. */
  get running(): number {
    return this.#running;
  }

  /** Cost units (weights) of visitors' jobs waiting. */
  get queued(): number {
    return this.#visitors.length === 0 ? 0 : this.#queuedCost;
  }

  /** What a job of this cost takes of the budget while it runs or waits. */
  weightOf(cost: number): number {
    return Math.min(cost, this.#bigShare);
  }

  /** Resolves once the job may run; a 503 when the queue is full, a 499 when `signal` aborts while it waits. */
  async acquire(cost: number, signal: AbortSignal, options: { background?: boolean; client?: string } = {}): Promise<CostLease> {
    const background = options.background === true;
    const client = background ? undefined : options.client;
    const weight = this.weightOf(cost);
    if (signal.aborted) throw new ClientLeft();
    const waitingAhead = background ? this.#visitors.length + this.#background.length : this.#visitors.length;
    if (waitingAhead === 0 ? this.#fits(weight) : !background && this.#passes(weight)) return this.#lease(weight);
    if (!background) {
      const queueFull = this.#visitors.length > 0 && this.#queuedCost + weight > this.queueCapacity + EPSILON;
      const mine = client === undefined ? 0 : (this.#queuedBy.get(client) ?? 0);
      if (queueFull) throw new ImageError(503, BUDGET_FULL_MESSAGE);
      if (mine > 0 && mine + weight > this.#bigShare + EPSILON) throw new ClientRefusal(503, BUDGET_FULL_MESSAGE);
    }
    const queue = background ? this.#background : this.#visitors;
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
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
    return this.#lease(weight, true);
  }

  #fits(weight: number): boolean {
    // Counted by jobs, not by the sum of costs, which floating point never brings back to 0 exactly.
    return this.#running === 0 || this.#inFlight + weight <= this.capacity + EPSILON;
  }

  /** Whether a job may start past one that waits for room: small, and within the reserve. */
  #passes(weight: number): boolean {
    return weight <= this.#reserve + EPSILON && this.#smallInFlight + weight <= this.#reserve + EPSILON && this.#fits(weight);
  }

  #dequeued(waiter: Waiter): void {
    if (waiter.background) return;
    this.#queuedCost = this.#visitors.length === 0 ? 0 : this.#queuedCost - waiter.weight;
    if (waiter.client === undefined) return;
    const left = (this.#queuedBy.get(waiter.client) ?? 0) - waiter.weight;
    if (left > EPSILON) this.#queuedBy.set(waiter.client, left);
    else this.#queuedBy.delete(waiter.client);
  }

  #lease(weight: number, counted = false): CostLease {
    const small = weight <= this.#reserve + EPSILON;
    if (!counted) this.#count(weight, small);
    let held = weight;
    let released = false;
    return {
      settle: (cost) => {
        if (released) return;
        // Only ever lowered (an upper bound replaced by the real cost): a small job stays small.
        const actual = Math.min(held, this.weightOf(cost));
        this.#inFlight += actual - held;
        if (small) this.#smallInFlight += actual - held;
        held = actual;
        this.#startWaiting();
      },
      release: () => {
        if (released) return;
        released = true;
        this.#inFlight -= held;
        if (small) this.#smallInFlight -= held;
        this.#running -= 1;
        if (this.#running === 0) {
          this.#inFlight = 0;
          this.#smallInFlight = 0;
        }
        this.#startWaiting();
      },
    };
  }

  #count(weight: number, small: boolean): void {
    this.#inFlight += weight;
    if (small) this.#smallInFlight += weight;
    this.#running += 1;
  }

  /** Starts waiting jobs in order, visitors first; the first that does not fit blocks all but small ones. */
  #startWaiting(): void {
    let blocked = false;
    for (let index = 0; index < this.#visitors.length;) {
      const next = this.#visitors[index];
      if (next === undefined) break;
      if (blocked ? this.#passes(next.weight) : this.#fits(next.weight)) {
        this.#visitors.splice(index, 1);
        this.#dequeued(next);
        this.#count(next.weight, next.weight <= this.#reserve + EPSILON);
        next.start();
      } else {
        blocked = true;
        index += 1;
      }
    }
    if (this.#visitors.length > 0) return;
    for (let next = this.#background[0]; next !== undefined && this.#fits(next.weight); next = this.#background[0]) {
      this.#background.shift();
      this.#count(next.weight, next.weight <= this.#reserve + EPSILON);
      next.start();
    }
  }
}
