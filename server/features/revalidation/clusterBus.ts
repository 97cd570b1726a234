import cluster, { type Worker } from 'node:cluster';
import { LocalSubscribers, type RevalidationBus } from './revalidationBus.ts';
import { parseRevalidationTarget } from './revalidationTarget.ts';

const MESSAGE_TYPE = 'site:revalidate';

interface RevalidationMessage {
  readonly type: typeof MESSAGE_TYPE;
  readonly target: unknown;
}

const isRevalidationMessage = (message: unknown): message is RevalidationMessage =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === MESSAGE_TYPE;

/** One machine without a database: a worker sends a revalidation to the primary, which relays it to the others. */
export function clusterBus(): RevalidationBus {
  const subscribers = new LocalSubscribers();
  const onMessage = (message: unknown) => {
    if (!isRevalidationMessage(message)) return;
    const target = parseRevalidationTarget(message.target);
    if (target !== undefined) subscribers.apply(target);
  };
  process.on('message', onMessage);
  return {
    subscribe: (apply) => subscribers.add(apply),
    async publish(target) {
      subscribers.apply(target);
      if (cluster.isWorker && process.send !== undefined) process.send({ type: MESSAGE_TYPE, target } satisfies RevalidationMessage);
    },
    async close() {
      process.off('message', onMessage);
    },
  };
}

/** In the cluster primary: every revalidation a worker sends goes to all the other workers. */
export function relayRevalidations(): void {
  cluster.on('message', (sender: Worker, message: unknown) => {
    if (!isRevalidationMessage(message)) return;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker !== undefined && worker !== sender && worker.isConnected()) worker.send(message);
    }
  });
}
