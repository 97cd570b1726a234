import { spawnSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { ROOT_DIR } from '../../server/platform/paths.ts';
import { SITE_IMAGE_WIDTHS } from '../../shared/ui/imageVariants.ts';
import { childrenOf, isAlive } from '../support/processes.ts';
import { waitFor } from '../support/serverLog.ts';
import { startServer, type RunningServer } from '../support/startServer.ts';

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.stop('SIGKILL');
  server = undefined;
});

/** Sends raw bytes and resolves with the first response line. */
function rawRequest(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let data = '';
    socket.on('data', (chunk) => {
      data += String(chunk);
      if (data.includes('\r\n')) {
        socket.destroy();
        resolve(data.split('\r\n')[0] ?? '');
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(data.split('\r\n')[0] ?? ''));
  });
}

test('a bad environment variable stops start-up with one JSON line naming it', () => {
  const result = spawnSync(process.execPath, [path.join(ROOT_DIR, 'dist/server/index.js')], {
    env: { PATH: process.env.PATH, PORT: 'eighty' },
    encoding: 'utf8',
    timeout: 10_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toBe('');
  const lines = result.stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(JSON.parse(lines[0] ?? '')).toMatchObject({
    levelName: 'fatal',
    failed: 'configuration',
    reason: 'Invalid environment variable PORT="eighty": expected an integer',
  });
});

test('SIGTERM lets an in-flight request finish and exits 0 well within 10 s', async () => {
  server = await startServer();
  // `Expect: 100-continue`: Node answers "100 Continue" as it hands the request to the site, so the
  // signal below comes once the server has taken the request, never before it accepted the connection.
  const socket = connect(server.port, '127.0.0.1', () =>
    socket.write('GET /about/ HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n'),
  );
  let received = '';
  const taken = new Promise<void>((resolve) =>
    socket.on('data', (chunk) => {
      received += String(chunk);
      if (received.includes('\r\n\r\n')) resolve();
    }),
  );
  const ended = new Promise<void>((resolve, reject) => {
    socket.on('end', resolve);
    socket.on('error', reject);
  });
  await taken;
  expect(received.startsWith('HTTP/1.1 100 Continue\r\n')).toBe(true);
  const started = Date.now();
  const code = await server.stop('SIGTERM');
  expect(code).toBe(0);
  expect(Date.now() - started).toBeLessThan(10_000);
  await ended;
  const response = received.slice(received.indexOf('\r\n\r\n') + 4);
  expect(response.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
  expect(response).toContain('</html>');
  expect(server.output()).toContain('"msg":"stopped"');
});

/** A server whose disk cache of images is empty: its first image request starts an encoder. */
async function serverWithEncoder(): Promise<{ server: RunningServer; encoders: number[] }> {
  const started = await startServer({ IMAGE_CACHE_DIR: await mkdtemp(path.join(tmpdir(), 'ipx-process-')) });
  const width = Math.min(...SITE_IMAGE_WIDTHS);
  const response = await fetch(`${started.url}/_ipx/w_${width},f_webp/images/og-default.png`);
  expect(response.status).toBe(200);
  const encoders = childrenOf(started.child.pid ?? 0);
  expect(encoders).toHaveLength(1);
  return { server: started, encoders };
}

test('SIGTERM ends the image encoder processes with the server', async () => {
  const started = await serverWithEncoder();
  server = started.server;
  expect(await server.stop('SIGTERM')).toBe(0);
  expect(started.encoders.filter(isAlive)).toEqual([]);
});

test('a server killed outright leaves no encoder behind: an encoder exits when its channel closes', async () => {
  const started = await serverWithEncoder();
  server = started.server;
  await server.stop('SIGKILL');
  await waitFor('the orphaned encoder to exit', () => (started.encoders.some(isAlive) ? undefined : true)).catch(() => undefined);
  expect(started.encoders.filter(isAlive)).toEqual([]);
});

test('malformed requests get a clear 4xx and the process keeps serving', async () => {
  server = await startServer();
  expect(await rawRequest(server.port, 'BREW / HTTP/1.1\r\nHost: x\r\n\r\n')).toMatch(/^HTTP\/1\.1 4\d\d/);
  expect(await rawRequest(server.port, `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)).toMatch(/^HTTP\/1\.1 431/);
  expect(await rawRequest(server.port, 'GET /%E0%A4%A/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).toMatch(/^HTTP\/1\.1 (400|404)/);
  expect(await rawRequest(server.port, 'DELETE /about/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).toMatch(/^HTTP\/1\.1 405/);
  expect(await rawRequest(server.port, 'POST /about/ HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello')).toMatch(
    /^HTTP\/1\.1 405/,
  );
  const health = await fetch(`${server.url}/healthz`);
  expect(health.status).toBe(200);
  expect(server.output()).not.toContain('"level":50');
});

test('WEB_CONCURRENCY=2 runs two workers that both serve', async () => {
  server = await startServer({ WEB_CONCURRENCY: '2' });
  const pids = new Set<string>();
  for (let i = 0; i < 40 && pids.size < 2; i += 1) {
    // A new connection each time: the primary hands connections, not requests, to workers.
    await rawRequest(server.port, 'GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (const match of server.output().matchAll(/"pid":(\d+),[^\n]*"msg":"GET \/healthz 200/g)) pids.add(match[1] ?? '');
  }
  expect(pids.size).toBe(2);
});
