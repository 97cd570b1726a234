import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ROOT_DIR } from '../../server/platform/paths.ts';
import { freePort } from './startServer.ts';

export interface ContentApiProcess {
  /** Give this to the site as CONTENT_API_URL. */
  readonly url: string;
  readonly child: ChildProcess;
  /** Ends the service the way a crash would (SIGKILL by default) and waits for it to be gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * `npm run content-api` as its own process on a free loopback port: the separately deployed
 * content service (decision 004), which the fault tests and the soak take down on purpose.
 */
export async function startContentApiProcess(): Promise<ContentApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT_DIR, 'scripts/content-api.ts')], {
    cwd: ROOT_DIR,
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`content service exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/article-filters`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`content service did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
