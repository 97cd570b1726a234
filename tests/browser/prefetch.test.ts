import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { VISIBLE_BUDGET } from '../../client/navigation/prefetchInView.ts';
import { nextFrames, openWatchedPage, useSiteInBrowser, waitForHydration } from './browser.ts';

// Prefetch with measure (docs/decisions/041): what a visitor is likely to open, nothing on Save-Data or 2G.
const site = useSiteInBrowser();

/** The paths whose page data the page asks for (`?_data=`), in order. */
function dataRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.searchParams.has('_data')) paths.push(url.pathname);
  });
  return paths;
}

for (const width of [390, 1440]) {
  test(`at ${width} px arriving at /services/ prefetches at most ${VISIBLE_BUDGET} pages for links merely in view`, async () => {
    const { page, problems } = await openWatchedPage(site.browser, { viewport: { width, height: 900 } });
    const requests = dataRequests(page);
    await page.goto(`${site.server.url}/services/`);
    await waitForHydration(page);
    // The page has many more links in view than that: the budget is spent, then nothing more is asked.
    await page.waitForFunction((budget) => document.documentElement.dataset.prefetchedInView === String(budget), VISIBLE_BUDGET, {
      timeout: 30_000,
    });
    // Three different pages (two links to one page count once), each asked for once.
    await expect.poll(() => requests.length, { timeout: 15_000 }).toBe(VISIBLE_BUDGET);
    await nextFrames(page);
    expect(new Set(requests).size).toBe(VISIBLE_BUDGET);
    expect(requests.length).toBeLessThanOrEqual(VISIBLE_BUDGET);
    expect(problems).toEqual([]);
  });
}

test('pointing at a link prefetches its page at once', async () => {
  const { page, problems } = await openWatchedPage(site.browser, { viewport: { width: 1440, height: 900 } });
  const requests = dataRequests(page);
  await page.goto(`${site.server.url}/services/`);
  await waitForHydration(page);
  const target = '/services/razrabotka/razrabotka-saytov/';
  const asked = page.waitForRequest((request) => request.url().includes(`${target}?_data=`));
  await page.getByRole('contentinfo').locator(`a[href="${target}"]`).first().hover();
  await asked;
  expect(requests).toContain(target);
  expect(problems).toEqual([]);
});

test('a Save-Data session prefetches nothing, not even a link pointed at', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1440, height: 900 } });
  // The Network Information API as a phone with the data saver on reports it.
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'connection', {
      configurable: true,
      get: () => ({ saveData: true, effectiveType: '4g', addEventListener() {}, removeEventListener() {} }),
    });
  });
  const page = await context.newPage();
  const requests = dataRequests(page);
  await page.goto(`${site.server.url}/services/`);
  await waitForHydration(page);
  expect(await page.evaluate(() => document.documentElement.dataset.prefetch)).toBe('off');
  const target = '/services/razrabotka/razrabotka-saytov/';
  await page.getByRole('contentinfo').locator(`a[href="${target}"]`).first().hover();
  await page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name: 'Контакты' }).hover();
  await nextFrames(page);
  await page.waitForLoadState('networkidle');
  expect(requests).toEqual([]);
  await context.close();
});

test('§2: the page-leave state shows on a navigation whose page was prefetched', async () => {
  const { page, problems } = await openWatchedPage(site.browser, { viewport: { width: 1440, height: 900 } });
  await page.goto(`${site.server.url}/`);
  await waitForHydration(page);
  const link = page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name: 'Агентство' });
  const prefetched = page.waitForResponse((response) => response.url().includes('/about/?_data='));
  await link.hover();
  await (await prefetched).finished();
  // Every state of the page wrapper that reaches the screen: sampled at each frame, before its paint.
  await page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { __transitions: seen });
    const sample = () => {
      const state = document.querySelector('[data-page-transition]')?.getAttribute('data-page-transition');
      if (state && seen.at(-1) !== state) seen.push(state);
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  await link.click();
  await page.waitForURL(`${site.server.url}/about/`);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __transitions: string[] }).__transitions))
    .toEqual(['none', 'leave', 'enter']);
  expect(problems).toEqual([]);
});
