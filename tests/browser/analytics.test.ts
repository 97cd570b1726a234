import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { GOAL_NAMES, GOALS } from '../../shared/analytics/goals.ts';
import { MARQUEE_NETWORKS } from '../../shared/layout/SocialMarquee.tsx';
import type { SharedSite } from '../support/sharedBrowserAndSite.ts';
import { startServer, type RunningServer } from '../support/startServer.ts';
import { connectSharedBrowser, sharedSite, waitForHydration } from './browser.ts';

const COUNTER = '12345678';
let production: RunningServer;
let development: RunningServer;
let withoutCounter: SharedSite;
let browser: Browser;

beforeAll(async () => {
  // One after another: two cold starts at once are slow on a small machine.
  production = await startServer({ METRIKA_ID: COUNTER });
  development = await startServer({
    METRIKA_ID: COUNTER,
    NODE_ENV: 'development',
    PUBLIC_BASE_URL: 'http://localhost:9',
  });
  withoutCounter = await sharedSite();
  browser = await connectSharedBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await Promise.all([production?.stop(), development?.stop()]);
});

type YmCall = [number, string, ...unknown[]];

/** A page with a stub `ym` that records its calls, and the tag's host answered locally. */
async function stubbedPage(): Promise<{ page: Page; tagRequests: string[]; infos: string[] }> {
  const page = await browser.newPage();
  const tagRequests: string[] = [];
  const infos: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'info') infos.push(message.text());
  });
  await page.route('https://mc.yandex.ru/**', (route) => {
    tagRequests.push(route.request().url());
    return route.fulfill({ contentType: 'application/javascript', body: '' });
  });
  await page.addInitScript(() => {
    const calls: unknown[][] = [];
    Object.assign(window, { __ymCalls: calls, ym: (...args: unknown[]) => calls.push(args) });
  });
  return { page, tagRequests, infos };
}
const ymCalls = (page: Page) => page.evaluate(() => (window as unknown as { __ymCalls: YmCall[] }).__ymCalls);
const goalsSent = async (page: Page) => (await ymCalls(page)).filter((call) => call[1] === 'reachGoal').map((call) => call[2]);

/** Clicks (as events, without following links) every header and footer element that carries a goal. */
async function clickEveryGoalElement(page: Page): Promise<string[]> {
  await page.evaluate(() => {
    // Keep the page where it is: tel:, mailto: and external links would leave it.
    window.addEventListener('click', (event) => event.preventDefault(), true);
  });
  const elements = page.locator('header [data-goal], footer [data-goal]');
  const goals: string[] = [];
  for (let index = 0; index < (await elements.count()); index += 1) {
    const element = elements.nth(index);
    goals.push((await element.getAttribute('data-goal')) ?? '');
    await element.dispatchEvent('click');
  }
  return goals;
}

test('the Metrika tag with the counter id loads 1 s after the counter starts, not before', async () => {
  const { page, tagRequests } = await stubbedPage();
  // When (on the page's clock) the counter was started and when the tag's script was added: the
  // delay is checked on the page's own clock, so a slow machine, which may take more than a
  // second of real time to hydrate, cannot make the tag look early or late.
  await page.addInitScript(() => {
    const marks = { initAt: -1, tagAt: -1 };
    Object.assign(window, { __metrikaMarks: marks });
    const stub = (window as unknown as { ym: (...args: unknown[]) => void }).ym;
    Object.assign(window, {
      ym: (...args: unknown[]) => {
        if (args[1] === 'init' && marks.initAt < 0) marks.initAt = performance.now();
        stub(...args);
      },
    });
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof HTMLScriptElement && node.src.includes('mc.yandex.ru') && marks.tagAt < 0) marks.tagAt = performance.now();
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.clock.install();
  await page.goto(`${production.url}/`);
  await waitForHydration(page);
  await page.clock.fastForward(1000);
  await expect.poll(() => tagRequests, { timeout: 15_000 }).toEqual([`https://mc.yandex.ru/metrika/tag.js?id=${COUNTER}`]);
  const marks = await page.evaluate(() => (window as unknown as { __metrikaMarks: { initAt: number; tagAt: number } }).__metrikaMarks);
  expect(marks.initAt).toBeGreaterThanOrEqual(0);
  expect(marks.tagAt - marks.initAt).toBeGreaterThanOrEqual(1000);
  expect((await ymCalls(page))[0]).toEqual([Number(COUNTER), 'init', expect.objectContaining({ webvisor: true })]);
  await page.close();
});

test('without METRIKA_ID no tag is loaded and no counter exists', async () => {
  const page = await browser.newPage();
  const requests: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(withoutCounter.url)) requests.push(request.url());
  });
  await page.clock.install();
  await page.goto(`${withoutCounter.url}/`);
  await waitForHydration(page);
  await page.clock.fastForward(5000);
  expect(requests).toEqual([]);
  expect(await page.evaluate(() => typeof (window as { ym?: unknown }).ym)).toBe('undefined');
  await page.close();
});

test('a client route change sends a page hit with its URL and the previous page as referrer', async () => {
  const { page } = await stubbedPage();
  await page.goto(`${production.url}/`);
  await waitForHydration(page);
  await page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name: 'Агентство' }).click();
  await page.waitForURL(`${production.url}/about/`);
  await expect
    .poll(async () => (await ymCalls(page)).filter((call) => call[1] === 'hit'))
    .toEqual([[Number(COUNTER), 'hit', `${production.url}/about/`, { referer: `${production.url}/` }]]);
  await page.close();
});

test('in production every header and footer element of §7 sends its goal, spelled exactly', async () => {
  const { page } = await stubbedPage();
  await page.goto(`${production.url}/`);
  await waitForHydration(page);
  const clicked = await clickEveryGoalElement(page);
  // Every header and footer goal of §7 has an element (404error belongs to the error page).
  expect(new Set(clicked)).toEqual(new Set(GOAL_NAMES.filter((goal) => goal !== GOALS.notFound)));
  expect(await goalsSent(page)).toEqual(clicked);
  await page.close();
});

/** The network a marquee link names (its text may go on with a hint for screen readers). */
function networkOf(text: string) {
  const network = MARQUEE_NETWORKS.find(({ title }) => text.trim().startsWith(title));
  if (network === undefined) throw new Error(`not a marquee network: ${text}`);
  return network;
}

test("every copy of the social marquee's links sends its network's goal", async () => {
  const { page } = await stubbedPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${production.url}/`);
  await waitForHydration(page);
  await page.evaluate(() => window.addEventListener('click', (event) => event.preventDefault(), true));
  const links = page.locator('[data-social-marquee] a');
  const expected: string[] = [];
  for (let index = 0; index < (await links.count()); index += 1) {
    expected.push(networkOf((await links.nth(index).textContent()) ?? '').goal);
    await links.nth(index).dispatchEvent('click');
  }
  expect(expected).toHaveLength(MARQUEE_NETWORKS.length * 4);
  await expect.poll(() => goalsSent(page)).toEqual(expected);

  // A real click on a copy that is on screen (the band stops under the pointer).
  await page.locator('[data-social-marquee]').scrollIntoViewIfNeeded();
  const onScreen = await page.locator('[data-social-marquee] [data-copy] a').evaluateAll((anchors) =>
    anchors
      .map((anchor) => ({ box: anchor.getBoundingClientRect(), title: anchor.textContent }))
      .filter(({ box }) => box.left >= 0 && box.right <= window.innerWidth)
      .map(({ box, title }) => ({ x: box.left + box.width / 2, y: box.top + box.height / 2, title })),
  );
  expect(onScreen.length).toBeGreaterThan(0);
  const copy = onScreen.at(-1)!;
  await page.mouse.click(copy.x, copy.y);
  await expect.poll(async () => (await goalsSent(page)).length).toBe(expected.length + 1);
  expect((await goalsSent(page)).at(-1)).toBe(networkOf(copy.title ?? '').goal);
  await page.close();
});

test('the 404 page records goal 404error in production', async () => {
  const { page } = await stubbedPage();
  await page.goto(`${production.url}/no-such-page/`);
  await waitForHydration(page);
  await expect.poll(() => goalsSent(page)).toEqual([GOALS.notFound]);
  await page.close();
});

test('in development no goal is sent: each is logged with console.info instead', async () => {
  const { page, infos } = await stubbedPage();
  await page.goto(`${development.url}/`);
  await waitForHydration(page);
  const clicked = await clickEveryGoalElement(page);
  expect(clicked.length).toBeGreaterThan(0);
  expect(await goalsSent(page)).toEqual([]);
  await expect.poll(() => infos.filter((text) => text.startsWith('[analytics] goal')).length).toBe(clicked.length);
  await page.goto(`${development.url}/no-such-page/`);
  await waitForHydration(page);
  await expect.poll(() => infos.some((text) => text.includes('404error'))).toBe(true);
  expect(await goalsSent(page)).toEqual([]);
  await page.close();
});

/** The first-load file, held back in the tests that tap before the code has arrived. */
const ENTRY_FILE = /\/assets\/entry-[^/]+\.js$/;

test('a click on the burger button and on the header call-to-action sends each §7 goal once', async () => {
  const { page } = await stubbedPage();
  await page.goto(`${production.url}/`);
  await waitForHydration(page);
  await page.locator('[data-burger-button]').click();
  await page.getByRole('dialog', { name: 'Меню сайта' }).waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Меню сайта' }).waitFor({ state: 'hidden' });
  await page.locator('[data-cta="header"]').click();
  await expect.poll(() => goalsSent(page)).toEqual([GOALS.headerBurger, GOALS.headerDiscussProject]);
  await page.close();
});

test('taps at first paint, before the first-load file has arrived, send their goals once: the burger opened natively, the call-to-action replayed', async () => {
  const { page } = await stubbedPage();
  const { promise: released, resolve: release } = Promise.withResolvers<void>();
  await page.route(ENTRY_FILE, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(`${production.url}/`, { waitUntil: 'commit' });
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { timeout: 15_000 });
  await page.locator('[data-burger-button]').click();
  await page.getByRole('dialog', { name: 'Меню сайта' }).waitFor({ timeout: 5_000 });
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Меню сайта' }).waitFor({ state: 'hidden', timeout: 5_000 });
  await page.locator('[data-cta="header"]').click();
  expect(await goalsSent(page)).toEqual([]);
  release();
  await waitForHydration(page);
  await expect.poll(() => goalsSent(page), { timeout: 20_000 }).toEqual([GOALS.headerBurger, GOALS.headerDiscussProject]);
  await page.close();
});

test('in production with no counter configured a goal writes no console line', async () => {
  const page = await browser.newPage();
  const infos: string[] = [];
  page.on('console', (message) => infos.push(message.text()));
  await page.goto(`${withoutCounter.url}/`);
  await waitForHydration(page);
  await page.locator('[data-burger-button]').click();
  await page.getByRole('dialog', { name: 'Меню сайта' }).waitFor();
  await page.keyboard.press('Escape');
  await page.locator('[data-cta="header"]').click();
  // The page's own goal on a 404 too.
  await page.goto(`${withoutCounter.url}/no-such-page/`);
  await waitForHydration(page);
  expect(infos.filter((text) => text.includes('[analytics]'))).toEqual([]);
  await page.close();
});
