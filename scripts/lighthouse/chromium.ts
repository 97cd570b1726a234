import { once } from 'node:events';
import { launch, Launcher } from 'chrome-launcher';
import { CHROMIUM_PATH } from '../../tests/support/chromium.ts';

/**
 * The flags this machine needs on top of chrome-launcher's defaults (`Launcher.defaultFlags()`,
 * which Lighthouse's CLI keeps): headless as the CLI's `--chrome-flags=--headless=new` asks, no
 * sandbox (root in a container), and no network of its own: no QUIC, and every host name but the
 * loopback ones resolves to nothing, so a third-party script fails (and shows in the report)
 * instead of being fetched.
 */
const AUDIT_CHROMIUM_FLAGS: readonly string[] = [
  '--headless=new',
  '--no-sandbox',
  '--disable-quic',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];

/**
 * Runs `work` against a fresh Chromium's DevTools port, launched as Lighthouse's CLI launches it
 * (chrome-launcher, its default flags, a new throw-away profile) and killed after it, so
 * `npm run lighthouse` measures what the CLI and PageSpeed Insights measure: nothing warm from the
 * audit before (decision 041).
 */
export async function inFreshChromium<T>(work: (port: number) => Promise<T>): Promise<T> {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...AUDIT_CHROMIUM_FLAGS], logLevel: 'silent' });
  // A failing or interrupted run must still take the browser down.
  const onExit = () => chrome.kill();
  process.once('exit', onExit);
  try {
    return await work(chrome.port);
  } finally {
    process.off('exit', onExit);
    const exited = chrome.process.exitCode !== null || chrome.process.signalCode !== null ? undefined : once(chrome.process, 'exit');
    chrome.kill();
    await exited;
  }
}

/** chrome-launcher's default flags, as the CLI passes them, for the report's header. */
export const launcherFlags = (): string[] => [...Launcher.defaultFlags(), ...AUDIT_CHROMIUM_FLAGS];
