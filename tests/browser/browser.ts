import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright-core';
import { create, number, object, string, type Describe } from 'superstruct';
import { afterAll, beforeAll, inject, onTestFinished } from 'vitest';
import { SHARED_ON_DEMAND, type SharedBrowser, type SharedSite } from '../support/sharedBrowserAndSite.ts';
import { startServer, type RunningServer } from '../support/startServer.ts';

const SharedBrowserAnswer: Describe<SharedBrowser> = object({ wsEndpoint: string() });
const SharedSiteAnswer: Describe<SharedSite> = object({ url: string(), port: number() });

/** Asks the run's global setup (tests/support/sharedBrowserAndSite.ts) for one of its shared processes, started on the first ask. */
async function askShared(what: 'browser' | 'site'): Promise<unknown> {
  const response = await fetch(`${inject(SHARED_ON_DEMAND)}/${what}`);
  if (!response.ok) throw new Error(`the shared ${what} did not start:\n${await response.text()}`);
  return response.json();
}

/** The address of the run's shared production server (default environment). */
export const sharedSite = async (): Promise<SharedSite> => create(await askShared('site'), SharedSiteAnswer);

/**
 * A connection to the run's one Chromium. Closing it closes the contexts this file opened and
 * leaves the browser to the other files.
 */
export async function connectSharedBrowser(): Promise<Browser> {
  const { wsEndpoint } = create(await askShared('browser'), SharedBrowserAnswer);
  return chromium.connect(wsEndpoint);
}

/** Collects console errors and page errors, hydration warnings included. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** A new page of the browser with its console watched (`problems`), closed when the test ends, whatever its outcome. */
export async function openWatchedPage(
  browser: Browser,
  options?: Parameters<Browser['newPage']>[0],
): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage(options);
  onTestFinished(() => page.close());
  return { page, problems: watchConsole(page) };
}

/**
 * The app marks `<html data-hydrated>` once React has hydrated (clicks before that are reloads),
 * and each lead form `data-interactive` once its own lazily loaded chunk has hydrated it.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForSelector('html[data-hydrated="true"]', { timeout: 30_000 });
  // The header and the footer hydrate later, from chunks of their own (docs/decisions/014): a click
  // on the header's button before that is lost. React marks each element it has hydrated with its
  // props (`__reactProps$…`), the one sign of it visible from outside.
  await page.waitForFunction(
    () =>
      ['header', 'footer'].every((selector) => {
        const element = document.querySelector(selector);
        return element === null || Object.keys(element).some((key) => key.startsWith('__reactProps$'));
      }),
    undefined,
    { timeout: 30_000 },
  );
  await page.waitForFunction(
    () => [...document.querySelectorAll('form[data-lead-form]')].every((form) => form.hasAttribute('data-interactive')),
    undefined,
    { timeout: 30_000 },
  );
}

/** Two animation frames: the page has answered what just happened (a resize, a scroll) and painted. */
export const nextFrames = (page: Page): Promise<unknown> =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/**
 * Resizes the window of a loaded page, as a phone turned sideways or a window dragged narrower
 * does, and waits until the page has answered it (media-query listeners, a re-render). Tests that
 * check one behaviour at several widths load once and resize: a load costs seconds of CPU on a
 * 2-core machine, a resize little, and the server's HTML does not depend on the width.
 */
export async function resizeTo(page: Page, width: number, height = 900): Promise<void> {
  await page.setViewportSize({ width, height });
  await nextFrames(page);
}

/** Marks the current document; a full page load replaces it and the mark is gone. */
export const markDocument = (page: Page): Promise<unknown> => page.evaluate(() => Object.assign(window, { __sameDocument: true }));
/** Whether the document marked by `markDocument` is still the one shown (no full page load since). */
export const sameDocument = (page: Page): Promise<boolean> =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

/** Keeps the element the server's HTML has at `selector`, as parsed, before any script changes the page. */
export async function rememberServerNode(page: Page, selector: string): Promise<void> {
  await page.addInitScript((target) => {
    document.addEventListener('DOMContentLoaded', () => {
      Object.assign(window, { __serverNode: document.querySelector(target) });
    });
  }, selector);
}

/** Whether the element now at `selector` is the one `rememberServerNode` kept: hydrated in place, not rendered again. */
export const isServerNode = (page: Page, selector: string): Promise<boolean> =>
  page.evaluate((target) => {
    const kept = (window as unknown as { __serverNode?: Element | null }).__serverNode;
    return kept !== null && kept !== undefined && kept === document.querySelector(target);
  }, selector);

/** Whether React owns the element at `selector` (it marks the nodes it rendered or hydrated). */
export const isOwnedByReact = (page: Page, selector: string): Promise<boolean> =>
  page.evaluate((target) => Object.keys(document.querySelector(target) ?? {}).some((key) => key.startsWith('__reactFiber')), selector);

/**
 * The production build and the run's Chromium for the tests of a file. Without `env` the server
 * is the run's shared one (default environment); with it, the file's own, stopped after its tests.
 * Read `site.server` and `site.browser` inside tests (they exist from beforeAll).
 */
export function useSiteInBrowser(env?: NodeJS.ProcessEnv): { readonly server: SharedSite; readonly browser: Browser } {
  let server: SharedSite | undefined;
  let own: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (env === undefined) server = await sharedSite();
    else server = own = await startServer(env);
    browser = await connectSharedBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await own?.stop();
  });
  return {
    get server() {
      if (server === undefined) throw new Error('the server starts in beforeAll');
      return server;
    },
    get browser() {
      if (browser === undefined) throw new Error('the browser starts in beforeAll');
      return browser;
    },
  };
}
