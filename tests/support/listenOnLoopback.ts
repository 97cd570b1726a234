import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { cleanupAfterEach } from './cleanupAfterEach.ts';

/**
 * Listens on a free loopback port; after the test, the server is closed with every connection
 * still open (a test's idle or trickling sockets would keep `close` waiting). Resolves with the port.
 */
export async function listenOnLoopback(server: Server, cleanup: ReturnType<typeof cleanupAfterEach>): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  );
  return (server.address() as AddressInfo).port;
}
