import { createServer, STATUS_CODES, type RequestListener, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ERROR_EXPLANATIONS } from './clientErrorTexts.ts';
import { CACHE_CONTROL } from './cacheControl.ts';
import { CONNECTION_LIMITS, type ConnectionLimits } from './connectionLimits.ts';
import { capConnectionsPerAddress } from './connectionsPerAddress.ts';
import { renderClientErrorPage } from './errorPage.tsx';
import { answersWithoutSpanAs, handOverUntracedDirectly } from '../telemetry/untraced.ts';

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

/** Headers over Node's 16 KB limit get §2's bare error page instead of Node's empty 431, rendered once. */
let oversizedHeadersAnswer: string | undefined;
const oversizedHeaders = (): string => (oversizedHeadersAnswer ??= answer431(renderClientErrorPage(ERROR_EXPLANATIONS[431])));
const answer431 = (page: string) =>
  [
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

/** Node's answer to a request it could not parse (`socketOnError`), with the site's page for oversized headers. */
function answerUnparsedRequest(error: NodeJS.ErrnoException, socket: Duplex): void {
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || inFlight?.headersSent === true) return void socket.destroy(error);
  const answer =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? oversizedHeaders()
      : nodeAnswer(error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW' ? 413 : 400);
  socket.end(answer, () => socket.destroy());
}
