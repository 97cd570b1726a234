import { get } from 'node:http';
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** One idle socket from `localAddress`: connects and never sends a byte. */
function idleSocket(port: number, localAddress: string, open: Set<Socket>, onServerClose: () => void): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress }, () => resolve());
    open.add(socket);
    socket.on('error', () => undefined);
    socket.once('close', () => {
      if (open.delete(socket)) onServerClose();
      resolve();
    });
  });
}

/** A page of the site asked from `localAddress`: its status, or undefined on a socket error. */
function pageStatus(port: number, path: string, localAddress: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    const request = get({ host: '127.0.0.1', port, path, localAddress, timeout: 10_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(undefined));
  });
}

/**
 * For `seconds`: one client (127.0.0.2, a loopback address of its own) holds `sockets` idle
 * connections — more than the process's MAX_CONNECTIONS — and every `reopenEveryMs` opens again
 * whichever the server closed, as an attacker keeping the site's connections full would. Beside
 * it, a visitor from a third address asks for `paths` one after the other. Whether the
 * per-address cap (server/platform/http/connectionsPerAddress.ts) keeps the flood to its share
 * (`mostHeld`: the most of its sockets open once a round of opening settled) and the visitor answered.
 */
export async function idleSocketFloodRun(options: {
  readonly port: number;
  readonly sockets: number;
  readonly reopenEveryMs: number;
  readonly seconds: number;
  readonly paths: readonly string[];
}) {
  const address = '127.0.0.2';
  const until = Date.now() + options.seconds * 1000;
  const open = new Set<Socket>();
  let opened = 0;
  let closedByServer = 0;
  let mostHeld = 0;
  const visitor = { address: '127.0.0.3', sent: 0, statuses: {} as Record<string, number>, errors: 0 };

  const flood = (async () => {
    while (Date.now() < until) {
      const missing = options.sockets - open.size;
      for (let started = 0; started < missing; started += 100) {
        const batch = Math.min(100, missing - started);
        opened += batch;
        await Promise.all(Array.from({ length: batch }, () => idleSocket(options.port, address, open, () => (closedByServer += 1))));
      }
      // The server's closes reach a loaded client late: counted once none arrived for a second (5 s at most).
      const roundEnd = Date.now() + options.reopenEveryMs;
      for (let settled = 0, last = open.size; settled < 4 && Date.now() < roundEnd - 5000;) {
        await sleep(250);
        settled = open.size === last ? settled + 1 : 0;
        last = open.size;
      }
      mostHeld = Math.max(mostHeld, open.size);
      await sleep(Math.max(0, Math.min(roundEnd - Date.now(), until - Date.now())));
    }
  })();
  const visits = (async () => {
    for (let index = 0; Date.now() < until; index += 1) {
      visitor.sent += 1;
      const status = await pageStatus(options.port, options.paths[index % options.paths.length]!, visitor.address);
      if (status === undefined) visitor.errors += 1;
      else visitor.statuses[status] = (visitor.statuses[status] ?? 0) + 1;
      await sleep(100);
    }
  })();
  await Promise.all([flood, visits]);
  for (const socket of [...open]) {
    // Out of the set first: the flood ending its own sockets is not the server closing them.
    open.delete(socket);
    socket.destroy();
  }
  return { address, opened, closedByServer, mostHeld, visitor };
}
