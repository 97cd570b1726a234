import { launch, Launcher } from 'chrome-launcher';
import { CHROMIUM_PATH } from '../../tests/support/chromium.ts';

export interface RunningChromium {
  /** DevTools protocol port on 127.0.0.1, for Lighthouse's `port` flag. */
  readonly port: number;
  stop(): Promise<void>;
}

/**
 * The flags this machine needs on top of chrome-launcher's own defaults
 * (`Launcher.defaultFlags()`, which Lighthouse's CLI keeps): headless as the CLI's
 * `--chrome-flags=--headless=new` asks, no sandbox (the machine runs as root in a container),
 * and no network of its own — no QUIC, and every host name except the loopback ones resolves to
 * nothing, so a third-party script on a page fails (and shows in the report) instead of being
 * fetched. chrome-launcher already turns background networking, component updates and sync off.
 */
export const AUDIT_CHROMIUM_FLAGS: readonly string[] = [
  '--headless=new',
  '--no-sandbox',
  '--disable-quic',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];

/**
 * Launches a fresh Chromium the way Lighthouse's CLI does (`lighthouse <url>` calls
 * chrome-launcher's `launch` with its default flags and a new throw-away profile, then kills it
 * after the one audit), so `npm run lighthouse` measures what the CLI and PageSpeed Insights
 * measure: one browser per audit, nothing warm from the audit before (decision 041).
 */
export async function startChromium(): Promise<RunningChromium> {
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...AUDIT_CHROMIUM_FLAGS],
    logLevel: 'silent',
  });
  // A failing or interrupted run must still take the browser down.
  const onExit = () => chrome.kill();
  process.once('exit', onExit);
  return {
    port: chrome.port,
    async stop() {
      process.off('exit', onExit);
      chrome.kill();
      await new Promise<void>((resolve) => {
        if (chrome.process.exitCode !== null || chrome.process.signalCode !== null) resolve();
        else chrome.process.once('exit', () => resolve());
      });
    },
  };
}

/** chrome-launcher's default flags, as the CLI passes them, for the report's header. */
export function launcherFlags(): string[] {
  return [...Launcher.defaultFlags(), ...AUDIT_CHROMIUM_FLAGS];
}
