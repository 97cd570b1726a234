import { createServer, type Server } from 'node:http';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';
import { startServer, type RunningServer } from './startServer.ts';

/** Where the shared ones are reached from a test file: `${address}/browser` and `${address}/site`. */
export const SHARED_ON_DEMAND = 'sharedBrowserAndSiteOnDemand';

declare module 'vitest' {
  export interface ProvidedContext {
    [SHARED_ON_DEMAND]: string;
  }
}

/** What `/browser` answers: the endpoint for `chromium.connect`. */
export interface SharedBrowser {
  readonly wsEndpoint: string;
}
/** What `/site` answers: the production build with the default environment. */
export interface SharedSite {
  readonly url: string;
  readonly port: number;
}

/**
 * One Chromium and one production server (default environment) for the whole run, started on
 * the first request of a test file that needs them and stopped after the last file. Launching
 * Chromium and booting the server cost seconds per file on a 2-core machine; a run of unit tests
 * alone starts neither. Tests share the processes, never state: each opens its own browser
 * context, and a file that needs a server configured otherwise starts its own.
 */
export default async function shareBrowserAndSite(project: TestProject): Promise<() => Promise<void>> {
  let browser: Promise<BrowserServer> | undefined;
  let site: Promise<RunningServer> | undefined;
  // A failed start is not remembered: the next file tries again, as it did with one of its own.
  const launched = () => {
    browser ??= chromium.launchServer({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS], host: '127.0.0.1' }).catch((error) => {
      browser = undefined;
      throw error;
    });
    return browser.then((server): SharedBrowser => ({ wsEndpoint: server.wsEndpoint() }));
  };
  const started = () => {
    site ??= startServer().catch((error) => {
      site = undefined;
      throw error;
    });
    return site.then(({ url, port }): SharedSite => ({ url, port }));
  };

  const broker = createServer((request, response) => {
    const answer = request.url === '/browser' ? launched() : request.url === '/site' ? started() : Promise.reject(new Error('not found'));
    answer.then(
      (body) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
      (error: unknown) => response.writeHead(500).end(error instanceof Error ? (error.stack ?? error.message) : String(error)),
    );
  });
  const address = await listenOnLoopback(broker);
  project.provide(SHARED_ON_DEMAND, address);

  return async () => {
    broker.close();
    await Promise.all([
      browser?.then((server) => server.close()).catch(() => undefined),
      site?.then((server) => server.stop()).catch(() => undefined),
    ]);
  };
}

async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the broker has no port');
  return `http://127.0.0.1:${address.port}`;
}
