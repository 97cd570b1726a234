import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { CONNECTION_LIMITS } from '../../server/platform/http/connectionLimits.ts';

/** The kinds of slow client, and the limit of server/platform/http/connectionLimits.ts that must cut each. */
const KINDS = {
  /** Connects and says nothing. */
  silent: CONNECTION_LIMITS.headersMs,
  /** Sends its headers a byte a second (slowloris). */
  slowHeaders: CONNECTION_LIMITS.headersMs,
  /** Sends an upload's body a byte a second. */
  slowBody: CONNECTION_LIMITS.requestMs,
  /** Asks for one page over keep-alive, reads it, then keeps the socket open. */
  idle: CONNECTION_LIMITS.idleMs,
} as const;
type Kind = keyof typeof KINDS;

/** Over its limit: the server's check interval and a loaded machine. */
const SLACK_MS = 5000;

/**
 * `count` slow connections kept open side by side until `until` (ms since the epoch), the kinds
 * taking turns: each is replaced as soon as the server cuts it, so the pressure stays for the
 * whole run. Per kind the sockets opened and the longest held; `heldTooLong`, those held past
 * their limit and SLACK_MS.
 */
export async function slowClientsRun(port: number, count: number, until: number) {
  const kinds = Object.fromEntries(Object.entries(KINDS).map(([kind, limitMs]) => [kind, { opened: 0, longestMs: 0, limitMs }])) as Record<
    Kind,
    { opened: number; longestMs: number; limitMs: number }
  >;
  const names = Object.keys(KINDS) as Kind[];
  let heldTooLong = 0;
  const loops = Array.from({ length: count }, async (_, index) => {
    // Spread the first openings over a second, as real slow clients arrive.
    await sleep((index * 1000) / count);
    let turn = index;
    while (Date.now() < until) {
      const kind = names[turn % names.length] as Kind;
      turn += 1;
      const heldMs = await holdSlowSocket(port, kind, until, `192.0.2.${1 + (turn % 254)}`);
      const tally = kinds[kind];
      tally.opened += 1;
      tally.longestMs = Math.max(tally.longestMs, heldMs);
      if (heldMs > tally.limitMs + SLACK_MS) heldTooLong += 1;
    }
  });
  await Promise.all(loops);
  return { kinds, heldTooLong };
}

/** One slow client: how long the server kept its socket open (or how old it was at `until`). */
function holdSlowSocket(port: number, kind: Kind, until: number, client: string): Promise<number> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect({ host: '127.0.0.1', port });
    let trickle: NodeJS.Timeout | undefined;
    const end = setTimeout(() => socket.destroy(), Math.max(0, until - started));
    socket.on('error', () => undefined);
    socket.once('close', () => {
      clearTimeout(end);
      clearInterval(trickle);
      resolve(Date.now() - started);
    });
    socket.resume();
    socket.once('connect', () => {
      const drip = (text: string) => {
        let at = 0;
        trickle = setInterval(() => {
          if (socket.destroyed || at >= text.length) return clearInterval(trickle);
          socket.write(text[at] ?? '');
          at += 1;
        }, 1000);
      };
      if (kind === 'slowHeaders') drip(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${'a'.repeat(600)}\r\n\r\n`);
      if (kind === 'slowBody') {
        socket.write(
          // From an address of its own: a slow body is cut by the request time limit, not by
          // the rate limit answering before the body is read.
          `POST /api/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${client}\r\nContent-Type: multipart/form-data; boundary=slow\r\nContent-Length: 100000\r\n\r\n`,
        );
        drip(`--slow\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\n\r\n${'a'.repeat(600)}`);
      }
      if (kind === 'idle') socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    });
  });
}
