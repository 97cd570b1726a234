import type { Server } from 'node:http';
import type { Logger } from './logging/logger.ts';

/** Hard limit for a graceful stop, so a stuck connection cannot keep a deploy waiting: in-flight requests get this long to finish. */
export const SHUTDOWN_TIMEOUT_MS = 10_000;

export type Closer = () => Promise<void> | void;

/**
 * Stop accepting, let in-flight requests finish (idle keep-alive sockets are closed at once),
 * then close stores; exit within SHUTDOWN_TIMEOUT_MS whatever happens.
 */
export function installGracefulShutdown(server: Server, logger: Logger, closers: Closer[]): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    const closeAll = async () => {
      for (const close of closers) {
        try {
          await close();
        } catch (error) {
          logger.error({ err: error }, 'error while closing');
        }
      }
      logger.info('stopped');
      process.exit(0);
    };
    server.close(() => void closeAll());
    server.closeIdleConnections();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}
