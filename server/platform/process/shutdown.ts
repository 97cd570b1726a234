import { EventEmitter } from 'node:events';
import type { Server, ServerResponse } from 'node:http';
import type { Logger } from '../logging/logger.ts';

/** Hard limit for a graceful stop once the drain is over, so a stuck connection cannot keep a deploy waiting: in-flight requests get this long to finish. */
export const SHUTDOWN_TIMEOUT_MS = 10_000;

export type Closer = () => Promise<void> | void;

/** Whether this instance is draining (decision 035): its probe fails while every request that arrives is served. */
export class Drain extends EventEmitter<{ begin: [] }> {
  #draining = false;

  get draining(): boolean {
    return this.#draining;
  }

  begin(): void {
    this.#draining = true;
    this.emit('begin');
  }
}

export interface ShutdownOptions {
  readonly drain: Drain;
  /** How long the instance serves with a failing probe before it stops accepting (SHUTDOWN_DRAIN_SECONDS). */
  readonly drainMs: number;
}

/** A draining instance answers `Connection: close`, so a kept-alive client opens its next connection elsewhere. */
function closeConnectionsWhileDraining(server: Server, drain: Drain): void {
  // Those in flight when the drain begins too, unless their headers are already out.
  const unanswered = new Set<ServerResponse>();
  server.prependListener('request', (_req, res) => {
    if (drain.draining) return void res.setHeader('Connection', 'close');
    unanswered.add(res);
    res.once('close', () => unanswered.delete(res));
  });
  drain.once('begin', () => {
    for (const res of unanswered) if (!res.headersSent) res.setHeader('Connection', 'close');
  });
}

/** Closes the stores one after the other (a failure is logged, the next still closes), then exits 0. */
async function closeAllAndExit(closers: readonly Closer[], logger: Logger): Promise<never> {
  for (const close of closers) {
    try {
      await close();
    } catch (error) {
      logger.error({ err: error }, 'error while closing');
    }
  }
  logger.info('stopped');
  process.exit(0);
}

/** Stop accepting, let in-flight requests finish (idle keep-alive sockets are closed at once), then close the stores. */
function stopAccepting(server: Server, logger: Logger, closers: readonly Closer[]): void {
  logger.info('drained: no longer accepting; finishing the requests in flight');
  const force = setTimeout(() => {
    logger.error('shutdown timed out; exiting');
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS);
  force.unref();
  server.close(() => void closeAllAndExit(closers, logger));
  server.closeIdleConnections();
}

/** SIGTERM or SIGINT: drain, stop accepting, finish in-flight requests, close stores; exit within `drainMs` + SHUTDOWN_TIMEOUT_MS. */
export function installGracefulShutdown(server: Server, logger: Logger, closers: readonly Closer[], options: ShutdownOptions): void {
  closeConnectionsWhileDraining(server, options.drain);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    options.drain.begin();
    logger.info({ signal, drainMs: options.drainMs }, 'shutting down: draining, the probe fails while requests are still served');
    setTimeout(() => stopAccepting(server, logger, closers), options.drainMs);
  };
  // `on`, not `once`: a supervisor that signals the whole process group (systemd, a dyno manager)
  // reaches a worker twice, itself and through the cluster primary, and the second signal must
  // not end the drain with Node's default action.
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
