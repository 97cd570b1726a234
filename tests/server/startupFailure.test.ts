import { copyFile, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { ROOT_DIR } from '../../server/platform/paths.ts';
import { runProcfileWeb } from '../support/procfile.ts';
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

test('a malformed DATABASE_URL stops start-up with one JSON line naming the variable, without its password', async () => {
  const { code, stdout, stderr } = await runServer({ PORT: String(await freePort()), DATABASE_URL: 'postgres://leads:s3cret@[bad' });
  expect(code).toBe(1);
  expect(stderr).toBe('');
  expect(jsonLines(stdout)).toEqual([
    expect.objectContaining({ levelName: 'fatal', failed: 'configuration', reason: expect.stringContaining('DATABASE_URL') }),
  ]);
  expect(stdout).not.toContain('s3cret');
});

test('the Procfile on a checkout without a build stops with one JSON line naming the build, not a stack', async () => {
  // The repository's files the command needs, and no dist/: what a deploy that skipped the build has.
  const checkout = await mkdtemp(path.join(tmpdir(), 'no-build-'));
  try {
    await mkdir(path.join(checkout, 'server'));
    await copyFile(path.join(ROOT_DIR, 'server/buildCheck.ts'), path.join(checkout, 'server/buildCheck.ts'));
    await symlink(path.join(ROOT_DIR, 'node_modules'), path.join(checkout, 'node_modules'));
    const child = await runProcfileWeb(checkout, { PORT: String(await freePort()) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += String(chunk)));
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toBe('');
    expect(jsonLines(stdout)).toEqual([
      expect.objectContaining({ level: 60, levelName: 'fatal', failed: 'build', reason: expect.stringContaining('npm run build') }),
    ]);
  } finally {
    await rm(checkout, { recursive: true, force: true });
  }
});
