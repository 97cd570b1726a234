import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { clientKeyOf } from './clientKey.ts';

/** What the cap knows of one open connection. */
interface Tracked {
  /** Requests whose headers arrived on it: 0 is a socket that has said nothing yet (or only part of its headers). */
  requests: number;
  /** Requests still being answered on it. */
  inFlight: number;
}

/**
 * The client a connection counts against: its socket's address, as every per-client limit counts
 * it (an IPv6 address by its /56 block, clientKey.ts). At accept time nothing else is known:
 * behind a proxy every connection is the proxy's (docs/security.md).
 */
function clientAddressOf(socket: Socket): string | undefined {
  const address = socket.remoteAddress;
  return address === undefined ? undefined : clientKeyOf(address);
}

/**
 * Caps the connections one client address holds (MAX_CONNECTIONS_PER_ADDRESS), at accept: when an
 * address opens one more, its oldest connection that has not sent a request is closed (a scanner's
 * or a slow client's idle socket), else its oldest kept-alive one with no request in flight, else
 * the new one. One address holding a thousand idle sockets then holds `perAddress` of them, and
 * the process's MAX_CONNECTIONS stays free for everyone else; a browser, which opens at most six
 * connections to a host, never meets the cap (docs/decisions/029-…).
 */
export function capConnectionsPerAddress(server: Server, perAddress: number): void {
  const byAddress = new Map<string, Map<Socket, Tracked>>();

  server.on('connection', (socket: Socket) => {
    const address = clientAddressOf(socket);
    if (address === undefined) return;
    let sockets = byAddress.get(address);
    if (sockets === undefined) {
      sockets = new Map();
      byAddress.set(address, sockets);
    }
    if (sockets.size >= perAddress) {
      const evicted = oldestWithoutRequest(sockets) ?? oldestIdle(sockets);
      if (evicted === undefined) {
        socket.destroy();
        return;
      }
      sockets.delete(evicted);
      evicted.destroy();
    }
    sockets.set(socket, { requests: 0, inFlight: 0 });
    socket.once('close', () => {
      const current = byAddress.get(address);
      if (current?.delete(socket) === true && current.size === 0) byAddress.delete(address);
    });
  });

  server.on('request', (req, res) => {
    const socket = req.socket;
    const address = clientAddressOf(socket);
    const tracked = address === undefined ? undefined : byAddress.get(address)?.get(socket);
    if (tracked === undefined) return;
    tracked.requests += 1;
    tracked.inFlight += 1;
    res.once('close', () => {
      tracked.inFlight -= 1;
    });
  });
}

/** The first in the map's insertion order is the oldest. */
function oldestWithoutRequest(sockets: ReadonlyMap<Socket, Tracked>): Socket | undefined {
  for (const [socket, tracked] of sockets) if (tracked.requests === 0) return socket;
  return undefined;
}

function oldestIdle(sockets: ReadonlyMap<Socket, Tracked>): Socket | undefined {
  for (const [socket, tracked] of sockets) if (tracked.inFlight === 0) return socket;
  return undefined;
}
