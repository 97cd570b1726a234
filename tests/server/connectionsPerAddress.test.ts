import { Agent, get, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { expect, test, vi } from 'vitest';
import { loadConfig } from '../../server/platform/config/env.ts';
import { CONNECTION_LIMITS, type ConnectionLimits } from '../../server/platform/http/connectionLimits.ts';
import { createHttpServer } from '../../server/platform/http/httpServer.ts';
import { cleanupAfterEach } from '../support/cleanupAfterEach.ts';
import { listenOnLoopback } from '../support/listenOnLoopback.ts';
import { createTestApp } from '../support/testApp.ts';

// Connections per client address (docs/security.md): one address that opens more than
// MAX_CONNECTIONS_PER_ADDRESS idle sockets loses its oldest ones, so it can no longer fill the
// process's MAX_CONNECTIONS and lock everyone else out. Two loopback addresses are two clients.

const cleanup = cleanupAfterEach();
const FLOODER = '127.0.0.1';
const VISITOR = '127.0.0.2';
/** More idle sockets than the process's default MAX_CONNECTIONS (1000): without the cap, the flood fills it. */
const FLOOD = 1005;

async function listen(limits: Partial<ConnectionLimits> = {}): Promise<{ server: Server; port: number; perAddress: number }> {
  const { app, config } = await createTestApp();
  const server = createHttpServer(app, {
    ...CONNECTION_LIMITS,
    // Longer than the test: an idle socket must be closed by the cap, not by a timeout.
    headersMs: 120_000,
    requestMs: 120_000,
    idleMs: 120_000,
    maxConnections: config.maxConnections,
    maxConnectionsPerAddress: config.maxConnectionsPerAddress,
    ...limits,
  });
  return {
    server,
    port: await listenOnLoopback(server, cleanup),
    perAddress: limits.maxConnectionsPerAddress ?? config.maxConnectionsPerAddress,
  };
}

/** A connected socket from FLOODER, silent until `ask` sends a GET; resolves once connected. */
function openSocket(port: number): Promise<{ socket: Socket; ask(path: string): Promise<{ status: number; head: string }> }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: FLOODER });
    cleanup.push(() => socket.destroy());
    socket.once('error', reject);
    const ask = (path: string) =>
      new Promise<{ status: number; head: string }>((answered, failed) => {
        let received = '';
        socket.on('data', (chunk: Buffer) => {
          received += chunk.toString('latin1');
          const end = received.indexOf('\r\n\r\n');
          if (end !== -1) answered({ status: Number(received.slice(9, 12)), head: received.slice(0, end).toLowerCase() });
        });
        // A reset, or a close with no answer, is what the cap must never give.
        socket.once('error', failed);
        socket.once('close', () => failed(new Error(`closed without an answer: ${JSON.stringify(received)}`)));
        socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      });
    socket.once('connect', () => resolve({ socket, ask }));
  });
}

test('100 simultaneous connections from one address all get an HTTP answer: 200 within the cap, 503 with Retry-After past it, no reset', async () => {
  // A long grace: on a loaded machine no socket of the burst may count as idle before its request is read.
  const { port, perAddress } = await listen({ perAddressGraceMs: 60_000 });
  const sockets = await Promise.all(Array.from({ length: 100 }, () => openSocket(port)));
  const answers = await Promise.all(sockets.map(({ ask }) => ask('/healthz')));
  const statuses = answers.map((answer) => answer.status);
  expect(statuses.filter((status) => status === 200)).toHaveLength(perAddress);
  expect(statuses.filter((status) => status === 503)).toHaveLength(100 - perAddress);
  for (const answer of answers.filter((each) => each.status === 503)) {
    expect(answer.head).toMatch(/^retry-after: \d+$/m);
    expect(answer.head).toMatch(/^connection: close$/m);
  }
}, 60_000);

test('a socket is judged idle only after the grace, never at accept: within it the new request is answered 503 and the silent sockets stay', async () => {
  const { port } = await listen({ maxConnectionsPerAddress: 2, perAddressGraceMs: 60_000 });
  const silent = await Promise.all([openSocket(port), openSocket(port)]);
  let closed = 0;
  for (const { socket } of silent) socket.once('close', () => (closed += 1));
  const late = await openSocket(port);
  expect((await late.ask('/healthz')).status).toBe(503);
  // Both silent sockets are still open: the server answered on one of them now.
  expect((await silent[0].ask('/healthz')).status).toBe(200);
  expect((await silent[1].ask('/healthz')).status).toBe(200);
  expect(closed).toBe(0);
});

test('past the grace, the oldest silent socket makes room and the new connection is served', async () => {
  const { port } = await listen({ maxConnectionsPerAddress: 2, perAddressGraceMs: 0 });
  const [oldest] = await Promise.all([openSocket(port), openSocket(port)]);
  const oldestClosed = new Promise<void>((resolve) => oldest.socket.once('close', () => resolve()));
  const late = await openSocket(port);
  expect((await late.ask('/healthz')).status).toBe(200);
  await oldestClosed;
});

/** An idle socket from `localAddress`: connected, never a byte sent. Resolves once connected. */
function idleSocket(port: number, localAddress: string, open: Set<Socket>): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress }, () => resolve());
    open.add(socket);
    socket.on('error', () => undefined);
    socket.once('close', () => {
      open.delete(socket);
      resolve();
    });
    cleanup.push(() => socket.destroy());
  });
}

/** A GET from `localAddress` through `agent`, answered with its status. */
function statusOf(port: number, path: string, localAddress: string, agent?: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, localAddress, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    }).on('error', reject);
  });
}

test('MAX_CONNECTIONS_PER_ADDRESS is 32 for direct clients, the whole MAX_CONNECTIONS behind a proxy, unless set', () => {
  expect(loadConfig({}).maxConnectionsPerAddress).toBe(32);
  expect(loadConfig({ TRUST_PROXY: '0' }).maxConnectionsPerAddress).toBe(32);
  // Behind a proxy every connection has the proxy's address: a cap of 32 would refuse visitors.
  expect(loadConfig({ TRUST_PROXY: '2', MAX_CONNECTIONS: '500' }).maxConnectionsPerAddress).toBe(500);
  expect(loadConfig({ TRUST_PROXY: '2', MAX_CONNECTIONS_PER_ADDRESS: '64' }).maxConnectionsPerAddress).toBe(64);
  expect(loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: '8' }).maxConnectionsPerAddress).toBe(8);
  expect(() => loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: '0' })).toThrow(/^Invalid environment variable MAX_CONNECTIONS_PER_ADDRESS="0"/);
});

test(`one address holding ${FLOOD} idle sockets keeps only its cap once they are past the grace, and another address is still answered`, async () => {
  const { server, port, perAddress } = await listen();
  const open = new Set<Socket>();
  for (let opened = 0; opened < FLOOD; opened += 100) {
    await Promise.all(Array.from({ length: Math.min(100, FLOOD - opened) }, () => idleSocket(port, FLOODER, open)));
  }
  // The sockets past the cap that say nothing are closed after the grace; the oldest make room for new ones.
  await vi.waitFor(() => expect(open.size).toBeLessThanOrEqual(perAddress), { timeout: 30_000, interval: 50 });
  const held = await new Promise<number>((resolve, reject) =>
    server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );
  expect(held).toBeLessThanOrEqual(perAddress);
  expect(await statusOf(port, '/healthz', VISITOR)).toBe(200);
  expect(open.size).toBeGreaterThan(0);
}, 120_000);
