import { expect, test } from 'vitest';
import { useSiteInBrowser, waitForHydration, watchConsole } from './browser.ts';

const site = useSiteInBrowser();

const contentVisibility = (page: import('playwright-core').Page) =>
  page.locator('main section').evaluateAll((sections) => sections.map((section) => getComputedStyle(section).contentVisibility));

test('sections out of view wait unrendered through the load, then all render in idle moments', async () => {
  // The server's HTML alone: every section is there in full (what a crawler reads), rendered lazily.
  const withoutScripts = await site.browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const bare = await withoutScripts.newPage();
  await bare.goto(`${site.server.url}/`);
  const before = await contentVisibility(bare);
  // (The hero's figures are a plain <section> inside the hero, always rendered.)
  expect(before.filter((value) => value === 'auto').length).toBeGreaterThan(5);
  expect(before.at(-1)).toBe('auto');
  expect(await bare.locator('main section').last().textContent()).not.toBe('');
  await withoutScripts.close();

  const page = await site.browser.newPage({ viewport: { width: 375, height: 812 } });
  const problems = watchConsole(page);
  await page.goto(`${site.server.url}/`);
  await waitForHydration(page);
  await expect.poll(async () => new Set(await contentVisibility(page)), { timeout: 10_000 }).toEqual(new Set(['visible']));
  expect(problems).toEqual([]);
  await page.close();
});
