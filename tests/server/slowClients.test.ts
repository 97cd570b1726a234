import { connect, type Socket } from 'node:net';
import type { Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from 'vitest';
import { CONNECTION_LIMITS, type ConnectionLimits } from '../../server/platform/http/connectionLimits.ts';
import { createHttpServer } from '../../server/platform/http/httpServer.ts';
import { cleanupAfterEach } from '../support/cleanupAfterEach.ts';
import { eventually } from '../forms/receivers.ts';
import { listenOnLoopback } from '../support/listenOnLoopback.ts';
import { createTestApp } from '../support/testApp.ts';

// Slow clients (docs/security.md): a socket that says nothing, headers or a body sent a byte at a
// time, a kept-alive socket left idle. Each is cut near its limit while real requests are served.
// The limits are shortened here; the check interval is the site's own, which is what makes a
// limit hold (Node's default checks every 30 s).

const cleanup = cleanupAfterEach();

const LIMITS: ConnectionLimits = {
  headersMs: 1500,
  requestMs: 3000,
  idleMs: 1000,
  checkEveryMs: CONNECTION_LIMITS.checkEveryMs,
  maxConnections: 50,
  maxConnectionsPerAddress: 50,
};
/** Generous ceiling over each limit: the check interval, a loaded machine. */
const SLACK_MS = 4000;

async function listen(limits: ConnectionLimits): Promise<{ server: Server; port: number }> {
  const { app } = await createTestApp();
  const server = createHttpServer(app, limits);
  return { server, port: await listenOnLoopback(server, cleanup) };
}

/** The connections the server holds now. */
const connectionsOf = (server: Server) =>
  new Promise<number>((resolve, reject) => server.getConnections((error, count) => (error ? reject(error) : resolve(count))));

/** A raw connection that records when the server closed it. */
function open(port: number): Promise<{ socket: Socket; closed: Promise<number>; received: () => string }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let data = '';
    const socket = connect({ port, host: '127.0.0.1' }, () =>
      resolve({ socket, closed: new Promise((done) => socket.once('close', () => done(Date.now() - started))), received: () => data }),
    );
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', () => undefined);
    socket.once('error', reject);
    cleanup.push(() => socket.destroy());
  });
}

/** Writes `text` one character per `everyMs` until the socket closes. */
async function trickle(socket: Socket, text: string, everyMs: number): Promise<void> {
  for (const character of text) {
    if (socket.destroyed || socket.writableEnded) return;
    socket.write(character);
    await sleep(everyMs);
  }
}

async function get(port: number, path: string): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`);
  await response.arrayBuffer();
  return response.status;
}

test('silent, slow-header, slow-body and idle connections are cut near their limits while pages keep being served', async () => {
  const { port } = await listen(LIMITS);

  const silent = await open(port);
  const slowHeaders = await open(port);
  void trickle(slowHeaders.socket, `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${'a'.repeat(10_000)}\r\n\r\n`, 100);
  const slowBody = await open(port);
  slowBody.socket.write(
    'POST /api/forms/subscribe HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n{',
  );
  void trickle(slowBody.socket, ` ${'"a":1,'.repeat(2000)}`, 100);
  const idle = await open(port);
  idle.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');

  // Real visitors are served all along.
  const statuses: number[] = [];
  const visitors = (async () => {
    for (let i = 0; i < 10; i += 1) {
      statuses.push(await get(port, i % 2 === 0 ? '/healthz' : '/'));
      await sleep(200);
    }
  })();

  const [silentMs, slowHeadersMs, slowBodyMs, idleMs] = await Promise.all([
    silent.closed,
    slowHeaders.closed,
    slowBody.closed,
    idle.closed,
  ]);
  await visitors;
  expect(statuses).toEqual(Array.from({ length: 10 }, () => 200));
  expect(silentMs).toBeLessThan(LIMITS.headersMs + SLACK_MS);
  expect(slowHeadersMs).toBeLessThan(LIMITS.headersMs + SLACK_MS);
  expect(slowBodyMs).toBeLessThan(LIMITS.requestMs + SLACK_MS);
  expect(idleMs).toBeLessThan(LIMITS.idleMs + SLACK_MS);
  // The idle socket had its answer before it was closed; the slow ones never got a page.
  expect(idle.received()).toMatch(/^HTTP\/1\.1 200 /);
  expect(slowHeaders.received()).not.toMatch(/200 OK/);
  expect(slowBody.received()).not.toContain('201');
}, 30_000);

test('connections past MAX_CONNECTIONS are closed at once; the server serves again when slots free up', async () => {
  const { server, port } = await listen({ ...LIMITS, maxConnections: 3 });
  const held = await Promise.all([open(port), open(port), open(port)]);
  // Connected on the client's side is not yet counted on the server's: wait until it holds all three.
  await eventually(async () => (await connectionsOf(server)) === 3);
  const extra = await open(port);
  expect(await extra.closed).toBeLessThan(SLACK_MS);
  expect(server.maxConnections).toBe(3);
  for (const connection of held) connection.socket.destroy();
  await Promise.all(held.map((connection) => connection.closed));
  await eventually(async () => (await connectionsOf(server)) === 0);
  expect(await get(port, '/healthz')).toBe(200);
}, 30_000);
