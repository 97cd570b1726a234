import { spawn, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { ROOT_DIR } from '../../server/platform/paths.ts';

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly child: ChildProcess;
  readonly output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const OUTPUT_LIMIT = 4 * 1024 * 1024;
/** Generous: two workers booting on a 2-core machine that other test files keep busy. */
const START_TIMEOUT_MS = 60_000;

/**
 * The production build (`dist/server/index.js` of `root`, the project's own unless a test made a
 * copy of it) spawned with `startServer`'s environment, its output piped.
 */
export function spawnServer(
  env: NodeJS.ProcessEnv,
  nodeArgs: readonly string[] = [],
  root: string = ROOT_DIR,
): ChildProcessByStdio<null, Readable, Readable> {
  return spawn(process.execPath, [...nodeArgs, path.join(root, 'dist', 'server', 'index.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      IMAGE_PREGENERATE: '0',
      PAGE_CACHE_WARM_UP: '0',
      // Every client of a test, a bench or a soak is 127.0.0.1: one address with more than
      // production's 32 connections (server/platform/http/connectionsPerAddress.ts).
      MAX_CONNECTIONS_PER_ADDRESS: '1000',
      // No load balancer probes a test's server: SIGTERM stops it without the drain (decision 035); the drain's tests set it.
      SHUTDOWN_DRAIN_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * Starts the production build (`dist/server/index.js`) on a free loopback port, with no cap per
 * client address below MAX_CONNECTIONS (every client here is 127.0.0.1). Without the
 * image pre-generation and the page cache's warm-up unless `env` asks for them: a test measures
 * something else, and the encodes and the warm-up's renders and compressions (some 15 s of CPU)
 * would compete with it for the machine's two cores. What measures a production instance (the
 * bench, the soak, Lighthouse, the interactivity script) asks for the warm-up. `nodeArgs` go
 * before the entry (the tracing preload: `--import dist/server/telemetry.js`).
 */
export async function startServer(
  env: NodeJS.ProcessEnv = {},
  nodeArgs: readonly string[] = [],
  root: string = ROOT_DIR,
): Promise<RunningServer> {
  // A given PORT is kept: a restarted instance comes back where its load balancer expects it.
  const port = env.PORT === undefined ? await freePort() : Number(env.PORT);
  const child = spawnServer({ ...env, PORT: String(port) }, nodeArgs, root);
  let output = '';
  // The last OUTPUT_LIMIT characters only: a soak logs a line per request for minutes.
  const append = (chunk: unknown) => {
    output += String(chunk);
    if (output.length > OUTPUT_LIMIT * 2) output = output.slice(-OUTPUT_LIMIT);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Never leave a half-started server behind: on a loaded machine it would slow every later test.
      child.kill('SIGKILL');
      throw new Error(`server did not start in ${START_TIMEOUT_MS / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    port,
    child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
