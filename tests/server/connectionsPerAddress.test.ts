import { Agent, get, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { expect, test, vi } from 'vitest';
import { loadConfig } from '../../server/config/env.ts';
import { CONNECTION_LIMITS, createHttpServer } from '../../server/http/httpServer.ts';
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

async function listen(): Promise<{ server: Server; port: number; perAddress: number }> {
  const { app, config } = await createTestApp();
  const server = createHttpServer(app, {
    ...CONNECTION_LIMITS,
    // Longer than the test: an idle socket must be closed by the cap, not by a timeout.
    headersMs: 120_000,
    requestMs: 120_000,
    idleMs: 120_000,
    maxConnections: config.maxConnections,
    maxConnectionsPerAddress: config.maxConnectionsPerAddress,
  });
  return { server, port: await listenOnLoopback(server, cleanup), perAddress: config.maxConnectionsPerAddress };
}

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

test(`one address holding ${FLOOD} idle sockets keeps only its newest, and another address is still answered`, async () => {
  const { server, port, perAddress } = await listen();
  // A client of the flooding address that has sent a request keeps its kept-alive socket: the
  // sockets that never sent one go first.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  cleanup.push(() => agent.destroy());
  expect(await statusOf(port, '/healthz', FLOODER, agent)).toBe(200);
  const [keptAlive] = Object.values(agent.freeSockets).flat();
  expect(keptAlive).toBeDefined();
  let keptAliveClosed = false;
  keptAlive!.once('close', () => (keptAliveClosed = true));

  const open = new Set<Socket>();
  for (let opened = 0; opened < FLOOD; opened += 100) {
    await Promise.all(Array.from({ length: Math.min(100, FLOOD - opened) }, () => idleSocket(port, FLOODER, open)));
  }
  // The server closes the flood's oldest sockets as the new ones arrive.
  await vi.waitFor(() => expect(open.size).toBeLessThanOrEqual(perAddress), { timeout: 30_000, interval: 50 });
  const held = await new Promise<number>((resolve, reject) =>
    server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );
  expect(held).toBeLessThanOrEqual(perAddress);

  expect(await statusOf(port, '/healthz', VISITOR)).toBe(200);
  expect(keptAliveClosed).toBe(false);
  // The newest idle sockets are the ones kept.
  expect(open.size).toBeGreaterThan(0);
}, 120_000);
