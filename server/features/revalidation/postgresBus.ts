import pg from 'pg';
import type { Logger } from '../../platform/logging/logger.ts';
import { LocalSubscribers, type RevalidationBus } from './revalidationBus.ts';
import { parseRevalidationTarget, type RevalidationTarget } from './revalidationTarget.ts';

/** The NOTIFY channel every instance listens on. */
export const CHANNEL = 'site_revalidate';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more: longer path lists are split. */
const MAX_PAYLOAD_BYTES = 7000;
const RECONNECT_MAX_MS = 30_000;

/** One or more payloads of at most MAX_PAYLOAD_BYTES each, together the whole target. */
export function notifyPayloads(target: RevalidationTarget): string[] {
  if ('all' in target) return [JSON.stringify(target)];
  const [member, items] = 'paths' in target ? (['paths', target.paths] as const) : (['tags', target.tags] as const);
  const payloads: string[] = [];
  let batch: string[] = [];
  for (const item of items) {
    const next = [...batch, item];
    const fits = batch.length === 0 || Buffer.byteLength(JSON.stringify({ [member]: next })) <= MAX_PAYLOAD_BYTES;
    if (!fits) payloads.push(JSON.stringify({ [member]: batch }));
    batch = fits ? next : [item];
  }
  if (batch.length > 0) payloads.push(JSON.stringify({ [member]: batch }));
  return payloads;
}

/** A notification's target, if its payload is one. */
function targetOf(payload: string): RevalidationTarget | undefined {
  try {
    return parseRevalidationTarget(JSON.parse(payload));
  } catch {
    return undefined;
  }
}

/** Instances on one PostgreSQL LISTEN; `publish` settles once NOTIFY commits (decision 036); reconnected, caches dropped (decision 035). */
export function postgresBus(connectionString: string, logger: Logger): RevalidationBus & { readonly started: Promise<void> } {
  const subscribers = new LocalSubscribers();
  let client: pg.Client | undefined;
  let closed = false;
  let failures = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;

  const scheduleReconnect = () => {
    if (closed || reconnectTimer !== undefined) return;
    failures += 1;
    const delay = Math.min(500 * 2 ** (failures - 1), RECONNECT_MAX_MS);
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void listen(true);
    }, delay);
    reconnectTimer.unref();
  };

  const listen = async (reconnecting: boolean) => {
    const candidate = listeningClient(connectionString, subscribers, logger);
    const lost = (error?: Error) => {
      if (client !== candidate) return;
      client = undefined;
      if (closed) return;
      logger.warn(
        { err: { message: error?.message ?? 'connection ended' } },
        'revalidation listener lost its database connection; reconnecting',
      );
      scheduleReconnect();
    };
    candidate.on('error', lost);
    candidate.on('end', () => lost());
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      await candidate.end().catch(() => undefined);
      logger.warn({ err: { message: (error as Error).message } }, 'revalidation listener cannot connect; retrying');
      scheduleReconnect();
      return;
    }
    if (closed) {
      await candidate.end().catch(() => undefined);
      return;
    }
    client = candidate;
    failures = 0;
    if (reconnecting) subscribers.apply({ all: true }, 'resync');
  };
  const started = listen(false);

  return {
    /** Settles once the first attempt to listen is over (a process starting has nothing cached to drop before). */
    started,
    subscribe: (apply) => subscribers.add(apply),
    async publish(target) {
      subscribers.apply(target);
      await started;
      await notifyAll(connectionString, client, target);
    },
    async close() {
      closed = true;
      clearTimeout(reconnectTimer);
      await started;
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}

/** A connection that applies every other process's notification here; its own (sent from its backend) are applied already. */
function listeningClient(connectionString: string, subscribers: LocalSubscribers, logger: Logger): pg.Client {
  const candidate = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000 });
  // pg keeps its backend's pid (the connection's BackendKeyData) for cancelling; @types/pg omits it.
  const ownBackend = candidate as pg.Client & { readonly processID: number | null };
  candidate.on('notification', (message) => {
    if (message.channel !== CHANNEL || message.payload === undefined || message.processId === ownBackend.processID) return;
    const target = targetOf(message.payload);
    if (target === undefined) logger.warn('revalidation notification ignored: not a valid target');
    else subscribers.apply(target);
  });
  return candidate;
}

/** NOTIFYs every instance of `target`: over the listening connection, else over one opened for it. */
async function notifyAll(connectionString: string, listening: pg.Client | undefined, target: RevalidationTarget): Promise<void> {
  const sender = listening ?? new pg.Client({ connectionString, connectionTimeoutMillis: 10_000 });
  try {
    if (sender !== listening) await sender.connect();
    for (const payload of notifyPayloads(target)) await sender.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
  } finally {
    if (sender !== listening) await sender.end().catch(() => undefined);
  }
}
