import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../tests/support/chromium.ts';
import { freePort } from '../../tests/support/startServer.ts';

export interface RunningChromium {
  /** DevTools protocol port on 127.0.0.1, for Lighthouse's `port` flag. */
  readonly port: number;
  stop(): Promise<void>;
}

/**
 * Starts headless Chromium for Lighthouse with a throw-away profile. It never reaches the
 * internet: background networking, component updates and sync are off, and every host name
 * except the loopback ones resolves to nothing, so a third-party script on a page fails
 * (and shows in the report) instead of being fetched.
 */
export async function startChromium(): Promise<RunningChromium> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'lighthouse-chromium-'));
  const child = spawn(
    CHROMIUM_PATH,
    [
      ...CHROMIUM_FLAGS,
      '--no-default-browser-check',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
      `--remote-debugging-port=${port}`,
      '--remote-debugging-address=127.0.0.1',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += String(chunk)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Chromium exited early:\n${stderr}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
    } catch {
      // DevTools not listening yet
    }
    if (Date.now() > deadline) throw new Error(`Chromium did not open DevTools on ${port}:\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  // Detached (its own process group, so renderers go with it): a failing or interrupted audit
  // must still take the browser down.
  const killGroup = (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) process.kill(-child.pid, signal);
  };
  const onExit = () => killGroup('SIGKILL');
  process.once('exit', onExit);

  return {
    port,
    async stop() {
      process.off('exit', onExit);
      killGroup('SIGTERM');
      await exited;
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
