import { request as httpRequest, Agent } from 'node:http';
import { connect } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { childrenOf } from '../support/processes.ts';
import { waitFor } from '../support/serverLog.ts';
import { startServer, type RunningServer } from '../support/startServer.ts';

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.stop('SIGKILL');
  server = undefined;
});

/** One GET on a kept-alive connection: its status and its `Connection` header. */
function get(port: number, path: string, agent: Agent): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * A request in flight across the end of the drain: its headers are sent now, its body only when
 * `finish` is called; resolves with the whole answer once the server closes the connection.
 */
function requestInFlight(port: number): { answered: Promise<string>; finish: () => void; taken: Promise<void> } {
  // Not a beacon the endpoint accepts: its 400 is as much a whole answer as a 204.
  const body = JSON.stringify({ name: 'LCP' });
  const socket = connect(port, '127.0.0.1', () =>
    socket.write(
      `POST /api/vitals HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
    ),
  );
  let received = '';
  const taken = new Promise<void>((resolve) =>
    socket.on('data', (chunk) => {
      received += String(chunk);
      if (received.includes('100 Continue\r\n\r\n')) resolve();
    }),
  );
  const answered = new Promise<string>((resolve, reject) => {
    socket.on('end', () => resolve(received.slice(received.indexOf('\r\n\r\n') + 4)));
    socket.on('error', reject);
  });
  return { answered, finish: () => socket.write(body), taken };
}

const logged = (message: string) => () => (server!.output().includes(`"msg":"${message}`) ? true : undefined);

test('SIGTERM drains: the probe answers 503 at once while pages still answer 200 with Connection: close, then the server stops accepting, finishes what is in flight and exits 0', async () => {
  // Long enough for the requests below on a loaded machine: they are sent as soon as the drain is logged.
  server = await startServer({ SHUTDOWN_DRAIN_SECONDS: '6' });
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  expect(await get(server.port, '/readyz', agent)).toEqual({ status: 200, connection: 'keep-alive' });
  const inFlight = requestInFlight(server.port);
  await inFlight.taken;
  const exited = server.stop('SIGTERM');
  await waitFor('the drain to start', logged('shutting down: draining'));

  expect(await get(server.port, '/readyz', agent)).toEqual({ status: 503, connection: 'close' });
  expect(await get(server.port, '/about/', agent)).toEqual({ status: 200, connection: 'close' });
  expect(await get(server.port, '/healthz', agent)).toEqual({ status: 200, connection: 'close' });

  // The window over, the in-flight request still gets its whole answer before the process goes.
  await waitFor('the drain to end', logged('drained: no longer accepting'), 60_000);
  inFlight.finish();
  const answer = await inFlight.answered;
  expect(answer).toMatch(/^HTTP\/1\.1 [1-4]\d\d /);
  expect(answer).toContain('"error"');
  // In flight when the drain began, answered after it: its connection is not kept either.
  expect(answer.toLowerCase()).toContain('connection: close');
  expect(await exited).toBe(0);
  expect(server.output()).toContain('"msg":"stopped"');
  agent.destroy();
});

test('with WEB_CONCURRENCY=2 every worker drains when the process group gets SIGTERM, and the instance exits 0 once they are done', async () => {
  server = await startServer({ WEB_CONCURRENCY: '2', SHUTDOWN_DRAIN_SECONDS: '5' });
  // The first worker answered; the signal waits for the second (one still starting is just ended).
  await waitFor('both workers to listen', () => ((server!.output().match(/"msg":"listening on/g) ?? []).length === 2 ? true : undefined));
  // As a supervisor stops a process group: the workers hear the signal themselves and again from the primary.
  const workers = childrenOf(server.child.pid!);
  expect(workers).toHaveLength(2);
  for (const worker of workers) process.kill(worker, 'SIGTERM');
  const exited = server.stop('SIGTERM');
  await waitFor('both workers to drain', () =>
    (server!.output().match(/"msg":"shutting down: draining/g) ?? []).length === 2 ? true : undefined,
  );
  // A new connection each time: the primary hands connections, not requests, to its workers.
  const agent = new Agent({ keepAlive: false });
  for (let i = 0; i < 4; i += 1) expect((await get(server.port, '/readyz', agent)).status).toBe(503);
  expect(await exited).toBe(0);
  expect((server.output().match(/"msg":"stopped"/g) ?? []).length).toBe(2);
});
