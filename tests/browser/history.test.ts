import type { Page } from 'playwright-core';
import { expect, onTestFinished, test } from 'vitest';
import { ANCHORS, vacancyAnchor } from '../../shared/browser/anchors.ts';
import { ANCHOR_SCROLL_ATTRIBUTE } from '../../shared/browser/scrollToAnchor.ts';
import { useSiteInBrowser, waitForHydration, watchConsole } from './browser.ts';

const site = useSiteInBrowser();

/** A page `width` px wide with the cookie notice answered, closed with its context when the test ends. */
async function pageAt(width: number, options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
  const context = await site.browser.newContext({ viewport: { width, height: 900 }, ...options });
  onTestFinished(() => context.close());
  await context.addCookies([{ name: 'cookies-accepted', value: 'true', url: site.server.url }]);
  return context.newPage();
}

/** `path` opened and hydrated in a page `width` px wide (`pageAt`). */
async function openAt(width: number, path: string): Promise<Page> {
  const page = await pageAt(width);
  await page.goto(`${site.server.url}${path}`);
  await waitForHydration(page);
  return page;
}

interface Frame {
  readonly heading: string;
  readonly y: number;
  readonly transition: string | null;
  /** The watched element's distance below the header height, when there is one. */
  readonly offset: number | null;
}

/**
 * Records, at every animation frame from now on (before the frame is painted, after the page's
 * own work), the page's heading, the scroll position, the page transition and where the element
 * `id` sits below the header's height: what the visitor sees frame by frame.
 */
async function recordFrames(page: Page, id = ''): Promise<void> {
  await page.evaluate((watched) => {
    const frames: unknown[] = [];
    Object.assign(window, { __frames: frames });
    const record = () => {
      const target = watched === '' ? null : document.getElementById(watched);
      // The header height state the page aims below (it slides in as the header turns fixed).
      const header = Number.parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--header-height'));
      frames.push({
        heading: document.querySelector('main h1')?.textContent ?? '',
        y: window.scrollY,
        transition: document.querySelector('[data-page-transition]')?.getAttribute('data-page-transition') ?? null,
        offset: target === null ? null : Math.round(target.getBoundingClientRect().top - header),
      });
      requestAnimationFrame(record);
    };
    requestAnimationFrame(record);
  }, id);
}
const framesOf = (page: Page): Promise<Frame[]> => page.evaluate(() => (window as unknown as { __frames: Frame[] }).__frames);
const heading = (page: Page): Promise<string> => page.locator('main h1').innerText();

async function scrollTo(page: Page, y: number): Promise<void> {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y);
}

/** The app restores the scroll position from its first idle moment on; the browser until then. */
const appRestoresScroll = (page: Page) => page.waitForFunction(() => window.history.scrollRestoration === 'manual');

const headerLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name });

test('back to a long list from a shorter page returns to the exact place at once, and forward too, without fading', async () => {
  const page = await pageAt(1440);
  const problems = watchConsole(page);
  await page.goto(`${site.server.url}/projects/`);
  await waitForHydration(page);
  await appRestoresScroll(page);
  const listHeading = await heading(page);
  // Further down than the whole page visited next is long.
  const listY = 6000;
  await scrollTo(page, listY);
  await headerLink(page, 'Агентство').dispatchEvent('click');
  await page.waitForURL(`${site.server.url}/about/`);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  const aboutHeading = await heading(page);
  expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeLessThan(listY);
  const aboutY = 1234;
  await scrollTo(page, aboutY);

  await recordFrames(page);
  await page.goBack();
  await expect.poll(() => heading(page)).toBe(listHeading);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(listY);
  // Two more frames: the place is kept, not reached on the way somewhere else.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  let frames = await framesOf(page);
  // Every frame that shows the list shows it at the visitor's place: no frame at another position, no scroll to it.
  expect(frames.filter((frame) => frame.heading === listHeading).map((frame) => frame.y)).toEqual(
    frames.filter((frame) => frame.heading === listHeading).map(() => listY),
  );
  expect(frames.filter((frame) => frame.transition === 'leave' || (frame.heading === listHeading && frame.transition !== 'none'))).toEqual(
    [],
  );

  await recordFrames(page);
  await page.goForward();
  await expect.poll(() => heading(page)).toBe(aboutHeading);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(aboutY);
  frames = await framesOf(page);
  expect(new Set(frames.filter((frame) => frame.heading === aboutHeading).map((frame) => frame.y))).toEqual(new Set([aboutY]));
  expect(frames.filter((frame) => frame.transition === 'leave' || (frame.heading === aboutHeading && frame.transition !== 'none'))).toEqual(
    [],
  );
  expect(problems).toEqual([]);
});

test('a reload returns to the place the visitor left', async () => {
  const page = await openAt(1440, '/projects/');
  await appRestoresScroll(page);
  // Scrolled, so the scroll to the top of the next page is seen to have happened.
  await scrollTo(page, 3000);
  await headerLink(page, 'Агентство').dispatchEvent('click');
  await page.waitForURL(`${site.server.url}/about/`);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await scrollTo(page, 2345);
  await page.reload();
  await waitForHydration(page);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(2345);
});

test('the call-to-action on /about/ at 1440 px lands on the discuss-the-project block of home in one jump', async () => {
  const page = await openAt(1440, '/about/');
  const aboutHeading = await heading(page);
  await recordFrames(page, ANCHORS.discussTheProject);
  await page.locator('[data-cta="header"]').click();
  await page.waitForURL((url) => url.pathname === '/' && url.hash === `#${ANCHORS.discussTheProject}`);
  await page.waitForSelector(`html[${ANCHOR_SCROLL_ATTRIBUTE}="settled"]`, { state: 'attached', timeout: 20_000 });
  const all = await framesOf(page);
  const home = all.filter((frame) => frame.heading !== aboutHeading && frame.offset !== null);
  expect(home.length).toBeGreaterThan(0);
  // From the first frame that shows home, the block is at the header (give or take the 12 px of
  // the page's enter animation): home's top is never shown, nothing scrolls across the page.
  expect(home.filter((frame) => Math.abs(frame.offset ?? 0) > 16)).toEqual([]);
  expect(Math.abs(home.at(-1)?.offset ?? Number.NaN)).toBeLessThanOrEqual(2);
});

test("the burger's links to home blocks are #fragment links, which the browser follows without scripts", async () => {
  const page = await openAt(375, '/blog/');
  await page.locator('[data-burger-button]').click();
  expect(await page.getByRole('link', { name: 'Тарифы' }).getAttribute('href')).toBe(`/#${ANCHORS.tariffs}`);
  expect(await page.getByRole('link', { name: 'Команда' }).getAttribute('href')).toBe(`/#${ANCHORS.mainPageTeamBlock}`);
});

const VACANCY = vacancyAnchor('dizayner-interfeysov');
/** Whether the vacancy's description (the disclosure's content) is shown. */
const vacancyTextShown = (page: Page) =>
  page.evaluate((id) => document.querySelector(`#${id} details > :last-child`)?.checkVisibility() ?? false, VACANCY);

test('a link to a vacancy opens it, with scripts and without', async () => {
  for (const javaScriptEnabled of [true, false]) {
    const page = await pageAt(768, { javaScriptEnabled });
    await page.goto(`${site.server.url}/career/`);
    expect(await vacancyTextShown(page)).toBe(false);
    await page.goto(`${site.server.url}/career/#${VACANCY}`);
    if (javaScriptEnabled) await waitForHydration(page);
    await expect.poll(() => vacancyTextShown(page), { message: `scripts ${javaScriptEnabled ? 'on' : 'off'}` }).toBe(true);
  }
  // In the app, from another page.
  const page = await openAt(768, '/sitemap/');
  await page.locator(`a[href="/career/#${VACANCY}"]`).click();
  await page.waitForURL(`${site.server.url}/career/#${VACANCY}`);
  await expect.poll(() => vacancyTextShown(page)).toBe(true);
  expect(await page.evaluate((id) => document.querySelector<HTMLDetailsElement>(`#${id} details`)?.open, VACANCY)).toBe(true);
});
