import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { ROOT_DIR } from '../../server/platform/paths.ts';
import { pageTypes } from '../support/pageTypes.ts';
import { nextFrames, resizeTo, useSiteInBrowser, waitForHydration, watchConsole } from './browser.ts';

/** The three widths every page is laid out at: a phone, a tablet and a desktop. */
const WIDTHS = [375, 768, 1440] as const;
/** The narrowest phone the site is laid out for: no page scrolls sideways on it. */
const NARROWEST = 360;
const SCREENSHOTS = path.join(ROOT_DIR, 'test-results', 'screenshots');
/** Page types whose screenshots are kept for a person to review (not compared pixel by pixel). */
const REVIEWED = new Map([
  ['home', 'home'],
  ['a service page', 'service'],
  ['an article', 'article'],
]);

const site = useSiteInBrowser();
beforeAll(async () => {
  await mkdir(SCREENSHOTS, { recursive: true });
});

/**
 * Elements of `main` whose right edge is past the window's (the root may clip overflow, so every
 * element is measured; content inside its own scroll or clip box is that box's business).
 */
const stickingOut = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent.tagName !== 'MAIN'; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    return [...document.querySelectorAll('main *')]
      .filter((element) => element.getBoundingClientRect().right > width + 1 && !clipped(element))
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className} → ${Math.round(element.getBoundingClientRect().right)}px`);
  });

/** Whether the document scrolls sideways at `width`, every section rendered and the page scrolled to its end. */
async function scrollsSideways(page: Page): Promise<{ scroll: number; viewport: number }> {
  // Sections out of view are laid out only when near (docs/decisions/016): render them all, then look.
  await page.evaluate(() => {
    document.documentElement.setAttribute('data-all-sections-rendered', '');
    window.scrollTo(0, document.documentElement.scrollHeight);
  });
  await nextFrames(page);
  return page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));
}

// Every page type loads once and hydrates at one of the three widths, the widths taking turns
// across the types; then the same page is laid out at the other widths by resizing the window (a
// phone turned sideways, a desktop window dragged narrower) and last at 360 px. The server's HTML
// does not depend on the width, so neither can hydration; the layout does, and it is measured at
// every width of every page.
const cases = [...pageTypes(), { name: 'the UI kit', path: '/_ui_kit/', status: 200 as const }].map((type, index) => ({
  ...type,
  hydrateAt: WIDTHS[index % WIDTHS.length]!,
}));

test.each(cases)(
  '$name ($path) hydrates at $hydrateAt px without console errors, sticks out at no width, and does not scroll sideways at 360 px',
  async ({ name, path: pagePath, status, hydrateAt }) => {
    const page = await site.browser.newPage({ viewport: { width: hydrateAt, height: 900 } });
    const problems = watchConsole(page);
    const response = await page.goto(`${site.server.url}${pagePath}`);
    expect(response?.status()).toBe(status);
    await waitForHydration(page);
    expect(await page.locator('h1').count()).toBe(1);
    expect(await page.locator('main').count()).toBe(1);

    for (const width of [hydrateAt, ...WIDTHS.filter((other) => other !== hydrateAt)]) {
      await resizeTo(page, width);
      expect(await stickingOut(page), `elements wider than ${width} px`).toEqual([]);
      const shot = REVIEWED.get(name);
      if (shot !== undefined) {
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({ path: path.join(SCREENSHOTS, `${shot}-${width}.png`), fullPage: true });
      }
    }

    await resizeTo(page, NARROWEST, 800);
    const widths = await scrollsSideways(page);
    expect(widths.scroll, `scrollWidth at ${NARROWEST} px`).toBeLessThanOrEqual(widths.viewport);

    // The browser reports the 404 page's own status as a failed load; nothing else may appear.
    expect(problems.filter((problem) => !(status === 404 && /status of 404/.test(problem)))).toEqual([]);
    await page.close();
  },
);

test(`a server-made error page (no scripts) does not scroll sideways at ${NARROWEST} px`, async () => {
  const page = await site.browser.newPage({ viewport: { width: NARROWEST, height: 800 } });
  const response = await page.goto(`${site.server.url}/%E0%A4%A/`);
  expect(response?.status()).toBe(400);
  const widths = await scrollsSideways(page);
  expect(widths.scroll, `scrollWidth at ${NARROWEST} px`).toBeLessThanOrEqual(widths.viewport);
  await page.close();
});
