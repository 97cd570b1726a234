import { createServer, STATUS_CODES, type RequestListener, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ERROR_EXPLANATIONS } from './clientErrorTexts.ts';
import { CACHE_CONTROL } from './cacheControl.ts';
import { capConnectionsPerAddress } from './connectionsPerAddress.ts';
import { renderClientErrorPage } from './errorPage.tsx';
import { answersWithoutSpanAs, handOverUntracedDirectly } from '../telemetry/untraced.ts';

/**
 * How long a client may take before its connection is cut (docs/security.md, slow clients). Node
 * enforces `headersTimeout` and `requestTimeout` only when it checks its connections, every
 * `connectionsCheckingInterval` (30 s by default): a slow-headers or slow-body client would be
 * held ~50 s. Checking every second makes each limit mean what it says.
 */
export interface ConnectionLimits {
  /** From the connection's start to the end of the request headers (a silent socket included). */
  readonly headersMs: number;
  /** The whole request, body included: a body trickled a byte at a time is cut here. */
  readonly requestMs: number;
  /** A kept-alive socket with no request in flight. */
  readonly idleMs: number;
  /** How often Node looks for connections past their limits. */
  readonly checkEveryMs: number;
  /** Open connections of this process; past it, a new connection is closed at once. */
  readonly maxConnections: number;
  /**
   * Open connections of one client address; past it, that address's oldest socket idle for
   * `perAddressGraceMs` is closed, else the new one's request is answered 503 (connectionsPerAddress.ts).
   */
  readonly maxConnectionsPerAddress: number;
  /** How long a socket must have had nothing to do before the per-address cap may close it (CONNECTION_LIMITS' when absent). */
  readonly perAddressGraceMs?: number;
}

/**
 * The site's limits: headers in 10 s, a whole request in 30 s (a cut upload leaves no file,
 * server/features/leads/forms/receiveMultipart.ts), 5 s of keep-alive idleness, checked every second; a socket
 * idle for 1 s may be closed for its address's cap (decision 029);
 * `maxConnections` and `maxConnectionsPerAddress` come from MAX_CONNECTIONS and
 * MAX_CONNECTIONS_PER_ADDRESS.
 */
export const CONNECTION_LIMITS = {
  headersMs: 10_000,
  requestMs: 30_000,
  idleMs: 5_000,
  checkEveryMs: 1_000,
  perAddressGraceMs: 1_000,
} as const satisfies Omit<ConnectionLimits, 'maxConnections' | 'maxConnectionsPerAddress'>;

/** The HTTP server of the site (and of tests that need real sockets), its limits set before it listens. */
export function createHttpServer(listener: RequestListener, limits: ConnectionLimits): Server {
  const server = createServer({
    headersTimeout: limits.headersMs,
    requestTimeout: limits.requestMs,
    keepAliveTimeout: limits.idleMs,
    connectionsCheckingInterval: limits.checkEveryMs,
  });
  server.maxConnections = limits.maxConnections;
  server.on('clientError', answerUnparsedRequest);
  const capped = capConnectionsPerAddress(server, listener, {
    perAddress: limits.maxConnectionsPerAddress,
    graceMs: limits.perAddressGraceMs ?? CONNECTION_LIMITS.perAddressGraceMs,
  });
  // The site's listener behind the cap: what it answers without a span, the server still does (decision 037).
  server.on('request', answersWithoutSpanAs(capped, listener));
  handOverUntracedDirectly(server);
  return server;
}

/** A bare answer of Node's own, as it writes one for a request it could not parse. */
const nodeAnswer = (status: number) => `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n\r\n`;

/**
 * Request headers over Node's limit (16 KB) never reach the app: instead of Node's empty 431 the
 * visitor gets the site's error page (§2 «Ошибка приложения», the bare version every answer
 * outside the app uses), with no inline content and nothing cached. Rendered once.
 */
let oversizedHeadersAnswer: string | undefined;
function oversizedHeaders(): string {
  if (oversizedHeadersAnswer !== undefined) return oversizedHeadersAnswer;
  const page = renderClientErrorPage(ERROR_EXPLANATIONS[431]);
  oversizedHeadersAnswer = [
    `HTTP/1.1 431 ${STATUS_CODES[431]}`,
    'Content-Type: text/html; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(page)}`,
    `Cache-Control: ${CACHE_CONTROL.noStore}`,
    "Content-Security-Policy: default-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    page,
  ].join('\r\n');
  return oversizedHeadersAnswer;
}

/**
 * Node's own handling of a request it could not parse (lib/_http_server.js, `socketOnError`),
 * which a `clientError` listener replaces: an answer only while nothing of a response went out
 * on the socket, then the socket is closed. Oversized headers get the site's page; the rest
 * (400, a slow request's 408, 413) Node's answer.
 */
function answerUnparsedRequest(error: NodeJS.ErrnoException, socket: Duplex): void {
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && (inFlight === undefined || inFlight === null || inFlight.headersSent !== true)) {
    const answer =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? oversizedHeaders()
        : nodeAnswer(error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW' ? 413 : 400);
    socket.end(answer, () => socket.destroy());
    return;
  }
  socket.destroy(error);
}
