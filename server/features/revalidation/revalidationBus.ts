import type { RevalidationTarget } from './revalidationTarget.ts';

/**
 * Why a revalidation is applied: a publish (the caches in front are purged too), or a resync of
 * this process's own caches after notifications may have been missed (a lost database
 * connection), which purges nothing shared (decision 035: no instance purges the whole site on reconnect).
 */
export type RevalidationOrigin = 'publish' | 'resync';

/**
 * Carries a revalidation to every process that serves the site (docs/deploy.md): the one that
 * received the request applies it at once, then `publish` tells the others. Implementations:
 * PostgreSQL LISTEN/NOTIFY across instances (postgresBus.ts), the cluster's IPC between one
 * machine's workers (clusterBus.ts), or nothing more than this process (`localBus`).
 */
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
