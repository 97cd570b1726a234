import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { clientKeyOf } from './clientKey.ts';

/** What the cap knows of one open connection. */
interface Tracked {
  /** Requests whose headers arrived on it: 0 is a socket that has said nothing yet (or only part of its headers). */
  requests: number;
  /** Requests still being answered on it. */
  inFlight: number;
  /** When it last had nothing to do (`performance.now()`): its accept, or the end of its last answer. */
  idleSince: number;
  /** Admitted past the cap while no socket of its address could be let go: its request gets a 503. */
  overCap: boolean;
}

export interface ConnectionsPerAddressOptions {
  /** Open connections one client address holds (MAX_CONNECTIONS_PER_ADDRESS). */
  readonly perAddress: number;
  /** How long a socket must have had nothing to do before the cap may close it (never at accept). */
  readonly graceMs: number;
  /** The clock, `performance.now()`; tests pass their own. */
  readonly now?: () => number;
}

/** The client a connection counts against: its socket's address (an IPv6 /56 block); behind a proxy, the proxy's. */
function clientAddressOf(socket: Socket): string | undefined {
  const address = socket.remoteAddress;
  return address === undefined ? undefined : clientKeyOf(address);
}

const OVER_CAP_TEXT = 'Слишком много соединений с вашего адреса. Повторите запрос через несколько секунд.\n';

/** Past the cap: a short 503 with `Retry-After`, the connection closed after it, never a reset (decision 029). */
function answerOverCap(req: IncomingMessage, res: ServerResponse, retryAfterSeconds: number): void {
  // Whatever body it sent is read and dropped: closing on unread bytes would reset the connection.
  req.resume();
  res.writeHead(503, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(OVER_CAP_TEXT),
    'Retry-After': String(retryAfterSeconds),
    'Cache-Control': 'no-store',
    Connection: 'close',
  });
  res.end(req.method === 'HEAD' ? undefined : OVER_CAP_TEXT);
}

/**
 * Caps the connections one address holds (decision 029): one more closes its oldest socket idle for `graceMs`, else
 * the new one is kept and its request answered 503 with `Retry-After`. Returns `listener` behind the cap.
 */
export function capConnectionsPerAddress(
  server: Server,
  listener: RequestListener,
  options: ConnectionsPerAddressOptions,
): RequestListener {
  const now = options.now ?? (() => performance.now());
  const retryAfterSeconds = Math.max(1, Math.ceil(options.graceMs / 1000));
  const byAddress = new Map<string, Map<Socket, Tracked>>();

  server.on('connection', (socket: Socket) => {
    const address = clientAddressOf(socket);
    if (address === undefined) return;
    const sockets = byAddress.get(address) ?? new Map<Socket, Tracked>();
    byAddress.set(address, sockets);
    const at = now();
    let overCap = false;
    if (served(sockets) >= options.perAddress) {
      const evicted = oldestIdle(sockets, at - options.graceMs, 0) ?? oldestIdle(sockets, at - options.graceMs);
      if (evicted === undefined) overCap = true;
      else {
        sockets.delete(evicted);
        evicted.destroy();
      }
    }
    const tracked: Tracked = { requests: 0, inFlight: 0, idleSince: at, overCap };
    sockets.set(socket, tracked);
    // Past the cap, a socket that says nothing within the grace has nothing to answer: closed then.
    if (overCap) setTimeout(() => tracked.requests === 0 && socket.destroy(), options.graceMs).unref();
    socket.once('close', () => {
      const current = byAddress.get(address);
      if (current?.delete(socket) === true && current.size === 0) byAddress.delete(address);
    });
  });

  return (req, res) => {
    const socket = req.socket;
    const address = clientAddressOf(socket);
    const sockets = address === undefined ? undefined : byAddress.get(address);
    const tracked = sockets?.get(socket);
    if (sockets === undefined || tracked === undefined) return void listener(req, res);
    // Sockets of its address have closed since it came: it is within the cap after all.
    if (tracked.overCap && served(sockets) < options.perAddress) tracked.overCap = false;
    tracked.requests += 1;
    if (tracked.overCap) return void answerOverCap(req, res, retryAfterSeconds);
    tracked.inFlight += 1;
    res.once('close', () => {
      tracked.inFlight -= 1;
      if (tracked.inFlight === 0) tracked.idleSince = now();
    });
    listener(req, res);
  };
}

/** The sockets of an address that are served, not answered 503. */
const served = (sockets: ReadonlyMap<Socket, Tracked>) => [...sockets.values()].filter((tracked) => !tracked.overCap).length;

/** The oldest socket served within the cap and idle since `idleBefore`, with `requests` answered on it when that is given. */
function oldestIdle(sockets: ReadonlyMap<Socket, Tracked>, idleBefore: number, requests?: number): Socket | undefined {
  for (const [socket, tracked] of sockets) {
    if (
      !tracked.overCap &&
      tracked.inFlight === 0 &&
      tracked.idleSince <= idleBefore &&
      (requests === undefined || tracked.requests === requests)
    )
      return socket;
  }
  return undefined;
}
