import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { HANG_MS, type Engine, type EnginePage } from './engine.ts';

/** Debian's Firefox ESR (`firefox-esr`, which `.ci/run` installs); FIREFOX_PATH names another. */
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/**
 * Firefox ESR, headless, driven by puppeteer-core over WebDriver BiDi (the protocol Firefox
 * speaks natively; puppeteer's CDP for Firefox is gone). Self-signed certificates are accepted:
 * the HTTPS runs go through the test's own TLS proxy.
 */
export async function launchFirefox(): Promise<Engine> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    protocol: 'webDriverBiDi',
    headless: true,
    acceptInsecureCerts: true,
    // No network of its own: no updates, telemetry or captive-portal checks leave 127.0.0.1.
    extraPrefsFirefox: {
      'app.update.enabled': false,
      'network.captive-portal-service.enabled': false,
      'network.connectivity-service.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'browser.safebrowsing.update.enabled': false,
    },
  });
  const page = await browser.newPage();
  return { name: 'Firefox', page: firefoxPage(page), close: () => closeQuietly(browser) };
}

async function closeQuietly(browser: Browser): Promise<void> {
  await browser.close().catch(() => undefined);
}

/**
 * Firefox cancels the pending module loads of a page being left and reports each as an uncaught
 * error, even when the page handles the rejection (the site then does nothing, decision 040):
 * while a navigation of the test is on its way, such reports belong to the page left behind.
 */
const CANCELLED_BY_LEAVING = /^error loading dynamically imported module/;

function firefoxPage(page: Page): EnginePage {
  let problems: string[] = [];
  let leaving = false;
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => {
    const message = error instanceof Error ? error.message : String(error);
    if (!(leaving && CANCELLED_BY_LEAVING.test(message))) problems.push(`uncaught: ${message}`);
  });
  page.setDefaultTimeout(HANG_MS);
  return {
    goto: async (url) => {
      // The page being left is left settled, its lazy parts loaded: what Firefox reports of loads
      // it cancels would otherwise arrive after the next page's load, as if that page's errors.
      await page.waitForNetworkIdle({ idleTime: 300, timeout: HANG_MS }).catch(() => undefined);
      leaving = true;
      try {
        await page.goto(url, { waitUntil: 'load' });
      } finally {
        leaving = false;
      }
    },
    resize: (width, height) => page.setViewport({ width, height }),
    evaluate: (script) => page.evaluate(script),
    waitFor: async (script, what, arg) => {
      await page.waitForFunction(script as (arg: unknown) => boolean, {}, arg).catch((error: unknown) => {
        throw new Error(`Firefox: ${what} did not happen`, { cause: error });
      });
    },
    click: async (selector) => {
      await page.locator(selector).click();
    },
    check: async (selector) => {
      await page.locator(selector).click();
    },
    type: async (selector, text) => {
      await page.locator(selector).fill(text);
    },
    pressEscape: () => page.keyboard.press('Escape'),
    back: async () => {
      await page.goBack();
    },
    forward: async () => {
      await page.goForward();
    },
    url: () => Promise.resolve(page.url()),
    problems: () => {
      const seen = problems;
      problems = [];
      return Promise.resolve(seen);
    },
  };
}
