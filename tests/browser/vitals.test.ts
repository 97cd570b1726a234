import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, onTestFinished, test } from 'vitest';
import { VITALS_PATH } from '../../shared/routes/serverMounts.ts';
import type { VitalsBeacon } from '../../shared/vitals/vitalsBeacon.ts';
import { launchBrowser } from '../support/chromium.ts';
import { startServer, type RunningServer } from '../support/startServer.ts';
import { waitForHydration } from './browser.ts';

const TOKEN = 'metrics-token-vitals-0123456789';
/**
 * Headless Chromium names itself in its User-Agent and the endpoint ignores bots, so the browser
 * is a visitor's Chrome from the start (a beacon sent while a page unloads carries the browser's
 * own User-Agent, not a per-page override).
 */
const VISITOR_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer({ METRICS_TOKEN: TOKEN });
  browser = await launchBrowser([`--user-agent=${VISITOR_CHROME}`]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A page that notes, on its own clock, when the app marked itself hydrated; closed when the test ends. */
async function visitorPage(): Promise<Page> {
  const page = await browser.newPage();
  onTestFinished(() => page.close());
  await page.addInitScript(() => {
    new MutationObserver((_records, observer) => {
      if (document.documentElement?.dataset.hydrated !== 'true') return;
      Object.assign(window, { __hydratedAt: performance.now() });
      observer.disconnect();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
  });
  return page;
}

/**
 * Scripts of the site that send a beacon and observe LCP: the web-vitals chunk (the endpoint's
 * path lives in the module of server mounts, which may sit in a chunk shared with others).
 */
function watchVitalsChunk(page: Page): string[] {
  const urls: string[] = [];
  page.on('response', (response) => {
    if (!response.url().endsWith('.js')) return;
    response.text().then(
      (text) => {
        if (text.includes('sendBeacon') && text.includes('largest-contentful-paint')) urls.push(response.url());
      },
      () => undefined,
    );
  });
  return urls;
}

/** Opens a page and waits until the vitals module has started and the first paint is measured. */
async function openMeasured(page: Page, path: string): Promise<string> {
  const chunks = watchVitalsChunk(page);
  await page.goto(`${server.url}${path}`);
  await waitForHydration(page);
  await expect.poll(() => chunks.length, { timeout: 15_000 }).toBe(1);
  await page.waitForFunction(() => performance.getEntriesByType('paint').length > 0 && document.readyState === 'complete');
  // A trusted input finalizes LCP (web-vitals ignores synthetic events for that).
  await page.keyboard.press('Shift');
  return chunks[0]!;
}

async function samples(histogram: string, route: string): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).text();
  const line = text.split('\n').find((each) => each.startsWith(`${histogram}_count{route="${route}",device="desktop"} `));
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
}

test('web-vitals arrives in a chunk of its own, outside the first load, after hydration', async () => {
  const page = await visitorPage();
  const html = await (await fetch(`${server.url}/blog/`)).text();
  const chunkPath = new URL(await openMeasured(page, '/blog/')).pathname;
  // Not in the first load: neither the document's scripts nor its preloads name it.
  expect(html).toContain('/assets/');
  expect(html).not.toContain(chunkPath);
  const order = await page.evaluate((path) => {
    const entry = performance.getEntriesByType('resource').find((each) => new URL(each.name).pathname === path);
    return { requestedAt: entry?.startTime ?? -1, hydratedAt: (window as unknown as { __hydratedAt?: number }).__hydratedAt ?? Infinity };
  }, chunkPath);
  expect(order.hydratedAt).toBeLessThan(Infinity);
  expect(order.requestedAt).toBeGreaterThan(order.hydratedAt);
});

test('when the page is hidden it sends one beacon of its metrics, which /metrics counts under its route', async () => {
  const page = await visitorPage();
  await openMeasured(page, '/blog/');
  const before = await samples('web_vitals_fcp_seconds', 'blog');
  const beaconSent = page.waitForRequest((request) => new URL(request.url()).pathname === VITALS_PATH, { timeout: 15_000 });
  // A tab switched away: the document turns hidden.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const sent = await beaconSent;
  expect(sent.method()).toBe('POST');
  expect(sent.headers()['content-type']).toMatch(/^text\/plain/);
  const beacon = JSON.parse(sent.postData() ?? '') as VitalsBeacon;
  expect(beacon).toMatchObject({ route: 'blog', device: 'desktop' });
  const names = beacon.metrics.map((metric) => metric.name);
  expect(names).toEqual(expect.arrayContaining(['TTFB', 'FCP', 'LCP', 'CLS']));
  expect(new Set(names).size).toBe(names.length);
  await expect.poll(() => samples('web_vitals_fcp_seconds', 'blog'), { timeout: 10_000 }).toBe(before + 1);
  expect(await samples('web_vitals_lcp_seconds', 'blog')).toBeGreaterThanOrEqual(1);
});

test('leaving the page sends its beacon as it unloads', async () => {
  const page = await visitorPage();
  await openMeasured(page, '/contacts/');
  const before = await Promise.all(['web_vitals_ttfb_seconds', 'web_vitals_lcp_seconds'].map((name) => samples(name, 'contacts')));
  await page.goto('about:blank');
  await expect
    .poll(() => Promise.all(['web_vitals_ttfb_seconds', 'web_vitals_lcp_seconds'].map((name) => samples(name, 'contacts'))), {
      timeout: 10_000,
    })
    .toEqual(before.map((count) => count + 1));
});
