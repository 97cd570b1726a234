import { afterEach, expect, test } from 'vitest';
import { ROOT_DIR } from '../../server/platform/paths.ts';
import { procfileWebCommand, runProcfileWeb } from '../support/procfile.ts';
import { logLines, waitFor } from '../support/serverLog.ts';
import { freePort } from '../support/startServer.ts';

// The Procfile as a platform runs it (decision 001): on a host whose `node` is not the project's,
// with nothing in the environment but what the platform sets.

let stopGroup: (() => void) | undefined;
afterEach(() => {
  stopGroup?.();
  stopGroup = undefined;
});

test('the Procfile runs the project’s own Node, and trusts no proxy unless TRUST_PROXY says so', () => {
  const command = procfileWebCommand();
  expect(command).toMatch(/ \.\/node_modules\/\.bin\/node /);
  expect(command).not.toMatch(/(^|\s)node\s/);
  expect(command).toContain('TRUST_PROXY=${TRUST_PROXY:-0} ');
});

test('the Procfile’s web command serves on a host whose own node is another, stops gracefully on SIGTERM, and believes no forged X-Forwarded-For', async () => {
  const port = await freePort();
  const child = await runProcfileWeb(ROOT_DIR, {
    PORT: String(port),
    HOST: '127.0.0.1',
    SHUTDOWN_DRAIN_SECONDS: '0',
    PAGE_CACHE_WARM_UP: '0',
    IMAGE_PREGENERATE: '0',
  });
  stopGroup = () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
  };
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  // The shell dies of the signal, the server stops gracefully: its output ends once it is gone.
  const ended = new Promise<void>((resolve) => child.stdout.once('end', resolve));

  await waitFor(
    'the Procfile’s server to listen',
    () => {
      if (child.exitCode !== null) throw new Error(`the Procfile's command exited ${child.exitCode}:\n${output}`);
      return output.includes('"msg":"listening on') ? true : undefined;
    },
    60_000,
  );
  const answer = await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { 'X-Forwarded-For': '203.0.113.7' } });
  expect(answer.status).toBe(200);
  const access = await waitFor('the access line', () => logLines(output).find((line) => String(line.msg).startsWith('GET /healthz 200')));
  expect(access).toMatchObject({ req: { remoteAddress: expect.stringMatching(/127\.0\.0\.1/) } });

  process.kill(-child.pid!, 'SIGTERM');
  await ended;
  expect(logLines(output).map((line) => line.msg)).toContain('stopped');
  expect(output).not.toContain('the system node was run');
});
