import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { ROOT_DIR } from '../../server/paths.ts';
import { pageTypes } from '../support/pageTypes.ts';
import { useSiteInBrowser, waitForHydration, watchConsole } from './browser.ts';

/** The three widths every page is checked at: a phone, a tablet and a desktop. */
const WIDTHS = [375, 768, 1440] as const;
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

const cases = pageTypes()
  .filter((type) => type.status === 200)
  .flatMap((type) => WIDTHS.map((width) => ({ ...type, width })));

test.each(cases)(
  '$name ($path) at $width px renders and hydrates without console errors or warnings',
  async ({ name, path: pagePath, width }) => {
    const page = await site.browser.newPage({ viewport: { width, height: 900 } });
    const problems = watchConsole(page);
    const response = await page.goto(`${site.server.url}${pagePath}`);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    expect(await page.locator('h1').count()).toBe(1);
    expect(await page.locator('main').count()).toBe(1);
    // Nothing in the page sticks out sideways at this width (the root may clip overflow, so every
    // element is measured; content inside its own scroll or clip box is that box's business).
    const sticking = await page.evaluate(() => {
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
    expect(sticking, `elements wider than ${width} px`).toEqual([]);
    const shot = REVIEWED.get(name);
    if (shot !== undefined) {
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: path.join(SCREENSHOTS, `${shot}-${width}.png`), fullPage: true });
    }
    expect(problems).toEqual([]);
    await page.close();
  },
);

/** The narrowest phone the site is laid out for: no page scrolls sideways on it. */
const NARROWEST = 360;
const narrowCases = [
  ...pageTypes().map(({ name, path: pagePath, status }) => ({ name, path: pagePath, status, hydrates: true })),
  // The component showcase: every shared component, the office map and the lead forms side by side.
  { name: 'the UI kit', path: '/_ui_kit/', status: 200, hydrates: true },
  // A server-made error page (no scripts: nothing to hydrate).
  { name: 'a malformed address', path: '/%E0%A4%A/', status: 400, hydrates: false },
];

test.each(narrowCases)(
  `$name ($path) does not scroll sideways at ${NARROWEST} px, every section rendered`,
  async ({ path: pagePath, status, hydrates }) => {
    const page = await site.browser.newPage({ viewport: { width: NARROWEST, height: 800 } });
    const response = await page.goto(`${site.server.url}${pagePath}`);
    expect(response?.status()).toBe(status);
    if (hydrates) await waitForHydration(page);
    // Sections out of view are laid out only when near (docs/decisions/016): render them all, then look.
    await page.evaluate(() => {
      document.documentElement.setAttribute('data-all-sections-rendered', '');
      window.scrollTo(0, document.documentElement.scrollHeight);
    });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    expect(widths.scroll, `scrollWidth at ${NARROWEST} px`).toBeLessThanOrEqual(widths.viewport);
    await page.close();
  },
);
