import type { RevalidationTarget } from './revalidationTarget.ts';

/** A publish (the caches in front purged too), or a resync of this process's caches after a lost connection (decision 035). */
export type RevalidationOrigin = 'publish' | 'resync';

/** Carries a revalidation to every process: PostgreSQL LISTEN/NOTIFY, the cluster's IPC, or this process alone (`localBus`). */
export interface RevalidationBus {
  /** `apply` runs for every revalidation, this process's own included. */
  subscribe(apply: (target: RevalidationTarget, origin: RevalidationOrigin) => void): void;
  /** Applies locally, then tells the other processes; rejects when they could not be told. */
  publish(target: RevalidationTarget): Promise<void>;
  close(): Promise<void>;
}

/** Subscribers of one process, shared by the implementations. */
export class LocalSubscribers {
  readonly #handlers: ((target: RevalidationTarget, origin: RevalidationOrigin) => void)[] = [];
  add(apply: (target: RevalidationTarget, origin: RevalidationOrigin) => void): void {
    this.#handlers.push(apply);
  }
  apply(target: RevalidationTarget, origin: RevalidationOrigin = 'publish'): void {
    for (const handler of this.#handlers) handler(target, origin);
  }
}

/** This process only: a single process without a database, and tests. */
export function localBus(): RevalidationBus {
  const subscribers = new LocalSubscribers();
  return {
    subscribe: (apply) => subscribers.add(apply),
    publish: async (target) => subscribers.apply(target),
    close: async () => undefined,
  };
}
