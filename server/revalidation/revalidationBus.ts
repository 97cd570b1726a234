import type { RevalidationTarget } from './revalidationTarget.ts';

/**
 * Carries a revalidation to every process that serves the site (docs/deploy.md): the one that
 * received the request applies it at once, then `publish` tells the others. Implementations:
 * PostgreSQL LISTEN/NOTIFY across instances (postgresBus.ts), the cluster's IPC between one
 * machine's workers (clusterBus.ts), or nothing more than this process (`localBus`).
 */
export interface RevalidationBus {
  /** `apply` runs for every revalidation, this process's own included. */
  subscribe(apply: (target: RevalidationTarget) => void): void;
  /** Applies locally, then tells the other processes; rejects when they could not be told. */
  publish(target: RevalidationTarget): Promise<void>;
  close(): Promise<void>;
}

/** Subscribers of one process, shared by the implementations. */
export class LocalSubscribers {
  readonly #handlers: ((target: RevalidationTarget) => void)[] = [];
  add(apply: (target: RevalidationTarget) => void): void {
    this.#handlers.push(apply);
  }
  apply(target: RevalidationTarget): void {
    for (const handler of this.#handlers) handler(target);
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
