import { createServer, type Server } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { freePort, spawnServer } from '../support/startServer.ts';

let blocker: Server | undefined;
afterEach(() => {
  blocker?.close();
  blocker = undefined;
});

/** Runs the production build until it exits; its status and what it wrote. */
function runServer(env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawnServer(env);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += String(chunk)));
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    // Generous: a started server would never exit, so the test fails on its timeout rather than hang.
    const timer = setTimeout(() => child.kill('SIGKILL'), 45_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Binds a free loopback port and keeps it. */
async function takenPort(): Promise<number> {
  const server = createServer();
  blocker = server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

const jsonLines = (text: string) =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

test('an unreachable database stops start-up with one JSON line naming it, then a non-zero exit', async () => {
  const closed = await freePort();
  const { code, stdout, stderr } = await runServer({
    PORT: String(await freePort()),
    DATABASE_URL: `postgres://leads:leads@127.0.0.1:${closed}/leads`,
  });
  expect(code).not.toBe(0);
  expect(stderr).toBe('');
  const failures = jsonLines(stdout).filter((line) => line.level === 60);
  expect(failures).toEqual([
    expect.objectContaining({ levelName: 'fatal', failed: 'database', reason: expect.stringContaining('database') }),
  ]);
  expect(stdout).not.toContain('    at ');
});

test('a port already in use stops start-up with one JSON line naming it, then a non-zero exit', async () => {
  const port = await takenPort();
  const { code, stdout, stderr } = await runServer({ PORT: String(port) });
  expect(code).not.toBe(0);
  expect(stderr).toBe('');
  expect(jsonLines(stdout).filter((line) => line.level === 60)).toEqual([
    expect.objectContaining({ levelName: 'fatal', failed: 'port', reason: expect.stringContaining('EADDRINUSE') }),
  ]);
});
