import type { BrowserContext, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { ANCHORS } from '../../shared/browser/anchors.ts';
import { ANCHOR_SCROLL_ATTRIBUTE } from '../../shared/browser/scrollToAnchor.ts';
import { STATIC_PART_ATTRIBUTE } from '../../shared/ui/StaticPart.tsx';
import { markDocument, sameDocument, useSiteInBrowser, waitForHydration, watchConsole } from './browser.ts';

/*
 * Every control works from the first paint, with or without JavaScript, and anchors land where
 * they point (docs/decisions/017). The phone and desktop widths of the anchor checks.
 */
const PHONE = 390;
const DESKTOP = 1440;
/** How far from the header's bottom edge a target may land. */
const ANCHOR_TOLERANCE_PX = 8;
const ENTRY_FILE = /\/assets\/entry-[^/]+\.js$/;

const site = useSiteInBrowser();

async function newContext(width: number, options: { javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
  const context = await site.browser.newContext({ viewport: { width, height: 900 }, ...options });
  // The cookie notice answered, so it covers nothing the tests tap.
  await context.addCookies([{ name: 'cookies-accepted', value: 'true', url: site.server.url }]);
  return context;
}

/** Resolves once the browser has painted the page's first content. */
const firstContentfulPaint = (page: Page) =>
  page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { timeout: 15_000 });

/**
 * A page opened and painted with its first-load file held back until `release` is called: the
 * taps below happen before the code has arrived however slow the machine is.
 */
async function openWithEntryHeldBack(context: BrowserContext, pathname: string): Promise<{ page: Page; release: () => void }> {
  const page = await context.newPage();
  const { promise: released, resolve: release } = Promise.withResolvers<void>();
  await page.route(ENTRY_FILE, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(`${site.server.url}${pathname}`, { waitUntil: 'commit' });
  await firstContentfulPaint(page);
  return { page, release };
}

/** The target's top minus the header's bottom edge. */
const anchorOffset = (page: Page, id: string) =>
  page.evaluate((target) => {
    const element = document.getElementById(target);
    const header = document.querySelector('header');
    if (element === null || header === null) return Number.NaN;
    return Math.round(element.getBoundingClientRect().top - header.getBoundingClientRect().height);
  }, id);

/** The offset once the app's scroll to the anchor has settled (scrollToAnchor.ts says when). */
async function settledAnchorOffset(page: Page, id: string): Promise<number> {
  await page.waitForSelector(`html[${ANCHOR_SCROLL_ATTRIBUTE}="settled"]`, { state: 'attached', timeout: 20_000 });
  return anchorOffset(page, id);
}

/** Without scripts nothing says when the browser's own jump is over: the same offset twice, 400 ms apart. */
async function stillAnchorOffset(page: Page, id: string): Promise<number> {
  let previous = Number.NaN;
  await expect
    .poll(
      async () => {
        const now = await anchorOffset(page, id);
        const still = now === previous;
        previous = now;
        return still;
      },
      { timeout: 20_000, interval: 400 },
    )
    .toBe(true);
  return previous;
}

test('a tap on the burger at first paint, before the first-load file has arrived, opens the menu at once; once hydrated the app takes it over', async () => {
  const context = await newContext(PHONE);
  const { page, release } = await openWithEntryHeldBack(context, '/');
  const problems = watchConsole(page);
  const burger = page.locator('[data-burger-button]');
  const menu = page.getByRole('dialog', { name: 'Меню сайта' });
  await burger.click();
  // The browser's own popover: nothing waits for the code (docs/decisions/031).
  await menu.waitFor({ timeout: 5_000 });
  expect(new URL(page.url()).pathname).toBe('/');
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-pending-tap'))).toBe(false);
  release();
  await waitForHydration(page);
  // The menu's code finds it open and makes it the app's: state, scroll lock, focus inside.
  await expect.poll(() => burger.getAttribute('aria-expanded'), { timeout: 20_000 }).toBe('true');
  expect(await page.evaluate(() => document.documentElement.dataset.scrollLocked)).toBe('true');
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[data-burger-menu]') !== null)).toBe(true);
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
  await expect.poll(() => burger.getAttribute('aria-expanded')).toBe('false');
  expect(await page.evaluate(() => document.documentElement.dataset.scrollLocked)).toBeUndefined();
  expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-burger-button'))).toBe(true);
  expect(problems).toEqual([]);
  await context.close();
});

test('a tap on the call-to-action at first paint on a phone opens the feedback window with its fields at once, before the code has arrived (docs/decisions/041)', async () => {
  const context = await newContext(PHONE);
  const { page, release } = await openWithEntryHeldBack(context, '/about/');
  await page.locator('[data-cta="header"]').click();
  expect(new URL(page.url()).pathname).toBe('/about/');
  const window = page.getByRole('dialog', { name: 'Обсудить проект' });
  // Nothing waits for a script: the window and its form are the server's HTML.
  expect(await window.isVisible()).toBe(true);
  expect(await window.getByRole('button', { name: 'Отправить заявку' }).isVisible()).toBe(true);
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-pending-tap'))).toBe(false);
  // The hydrated app takes the open window over: Escape closes it through the app.
  release();
  await waitForHydration(page);
  expect(await window.isVisible()).toBe(true);
  await page.keyboard.press('Escape');
  await window.waitFor({ state: 'hidden' });
  await context.close();
});

test('a tap on the footer logo before its code has arrived toggles the animation exactly once', async () => {
  const context = await newContext(DESKTOP);
  const { page, release } = await openWithEntryHeldBack(context, '/contacts/');
  const logo = page.locator('[data-footer-logo]');
  await logo.click();
  release();
  await expect.poll(() => logo.getAttribute('aria-pressed'), { timeout: 20_000 }).toBe('true');
  await waitForHydration(page);
  expect(await logo.getAttribute('aria-pressed')).toBe('true');
  await context.close();
});

/** Each control without JavaScript: a plain link to where its code would take the visitor. */
const WITHOUT_JAVASCRIPT = [
  {
    what: 'the call-to-action leads to the request form from 1280 px (below it opens the feedback window, feedbackWindow.test.ts)',
    viewport: DESKTOP,
    from: '/sitemap/',
    control: '[data-cta="header"]',
    to: `/request/#${ANCHORS.discussTheProject}`,
    check: async (page: Page) => expect(await page.locator(`#${ANCHORS.discussTheProject} form`).count()).toBe(1),
  },
  {
    what: 'the call-to-action on career goes to the internship block',
    viewport: DESKTOP,
    from: '/career/',
    control: '[data-cta="header"]',
    to: `/career/#${ANCHORS.internship}`,
    check: async (page: Page) =>
      expect(Math.abs(await stillAnchorOffset(page, ANCHORS.internship))).toBeLessThanOrEqual(ANCHOR_TOLERANCE_PX),
  },
];

test('with JavaScript off the burger opens the whole menu, every panel shown, and its close button closes it', async () => {
  const context = await newContext(PHONE, { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${site.server.url}/about/`);
  await page.locator('[data-burger-button]').click();
  const menu = page.getByRole('dialog', { name: 'Меню сайта' });
  await menu.waitFor({ timeout: 5_000 });
  // Tabs need a script: without one the panels stand one under the other, every link reachable.
  for (const panel of ['agency', 'services', 'projects', 'blog', 'contacts', 'vacancies', 'career']) {
    expect(await menu.locator(`[data-tab-panel="${panel}"]`).isVisible(), panel).toBe(true);
  }
  await menu.getByRole('link', { name: 'Все проекты' }).click();
  await page.waitForURL(`${site.server.url}/projects/`);
  await page.locator('[data-burger-button]').click();
  await menu.waitFor({ timeout: 5_000 });
  await menu.getByRole('button', { name: 'Закрыть меню' }).click();
  await menu.waitFor({ state: 'hidden', timeout: 5_000 });
  await context.close();
});

test.each(WITHOUT_JAVASCRIPT)('with JavaScript off $what', async ({ viewport, from, control, to, check }) => {
  const context = await newContext(viewport, { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${site.server.url}${from}`);
  await page.locator(control).click();
  await page.waitForURL(`${site.server.url}${to}`);
  await check(page);
  await context.close();
});

for (const width of [PHONE, DESKTOP]) {
  for (const [pathname, anchor] of [
    [`/career/#${ANCHORS.internship}`, ANCHORS.internship],
    [`/#${ANCHORS.tariffs}`, ANCHORS.tariffs],
    [`/?element_anchor_id=${ANCHORS.mainPageTeamBlock}`, ANCHORS.mainPageTeamBlock],
  ] as const) {
    test(`at ${width} px ${pathname} opened directly puts the block just below the header`, async () => {
      const context = await newContext(width);
      const page = await context.newPage();
      await page.goto(`${site.server.url}${pathname}`);
      await waitForHydration(page);
      expect(Math.abs(await settledAnchorOffset(page, anchor))).toBeLessThanOrEqual(ANCHOR_TOLERANCE_PX);
      await context.close();
    });
  }

  test(`at ${width} px the burger's «Тарифы» from another page lands on the tariffs block`, async () => {
    const context = await newContext(width);
    const page = await context.newPage();
    await page.goto(`${site.server.url}/blog/`);
    await waitForHydration(page);
    await page.locator('[data-burger-button]').click();
    await page.getByRole('link', { name: 'Тарифы' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(Math.abs(await settledAnchorOffset(page, ANCHORS.tariffs))).toBeLessThanOrEqual(ANCHOR_TOLERANCE_PX);
    await context.close();
  });
  test(`at ${width} px with JavaScript off /?element_anchor_id= lands on its block below the header, the other parameters kept`, async () => {
    const context = await newContext(width, { javaScriptEnabled: false });
    const page = await context.newPage();
    // An e-mail's link: the server sends it once to the fragment, which the browser itself scrolls to.
    await page.goto(`${site.server.url}/?utm_source=mail&element_anchor_id=${ANCHORS.mainPageTeamBlock}&utm_campaign=winter`);
    expect(page.url()).toBe(`${site.server.url}/?utm_source=mail&utm_campaign=winter#${ANCHORS.mainPageTeamBlock}`);
    // There at once when loaded (a jump, not a glide from the top), and it stays there.
    expect(Math.abs(await anchorOffset(page, ANCHORS.mainPageTeamBlock))).toBeLessThanOrEqual(ANCHOR_TOLERANCE_PX);
    expect(Math.abs(await stillAnchorOffset(page, ANCHORS.mainPageTeamBlock))).toBeLessThanOrEqual(ANCHOR_TOLERANCE_PX);
    await context.close();
  });
}

test('/?element_anchor_id= is at its block from the first paint, before the first-load file has arrived', async () => {
  const context = await newContext(DESKTOP);
  const { page, release } = await openWithEntryHeldBack(context, `/?element_anchor_id=${ANCHORS.tariffs}`);
  expect(page.url()).toBe(`${site.server.url}/#${ANCHORS.tariffs}`);
  await page.waitForFunction(() => document.readyState !== 'loading');
  // Painted and parsed, the code still held back: already at the block, not on its way there.
  expect(Math.abs(await anchorOffset(page, ANCHORS.tariffs))).toBeLessThanOrEqual(ANCHOR_TOLERANCE_PX);
  expect(Math.abs(await stillAnchorOffset(page, ANCHORS.tariffs))).toBeLessThanOrEqual(ANCHOR_TOLERANCE_PX);
  release();
  await context.close();
});

test('a link with element_anchor_id followed inside the app keeps its URL and lands on the block (§5)', async () => {
  const context = await newContext(DESKTOP);
  const page = await context.newPage();
  await page.goto(`${site.server.url}/material/blog/chek-list-ux-audita/`);
  await waitForHydration(page);
  await markDocument(page);
  // A link in content (an article's text is a static part whose links navigate in the app).
  await page.evaluate(
    ([selector, href]) => {
      const link = Object.assign(document.createElement('a'), { href, textContent: 'К тарифам' });
      document.querySelector(selector)!.prepend(link);
    },
    [`[${STATIC_PART_ATTRIBUTE}]`, `/?utm_source=blog&element_anchor_id=${ANCHORS.tariffs}`] as const,
  );
  await page.getByRole('link', { name: 'К тарифам' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  expect(await sameDocument(page)).toBe(true);
  expect(page.url()).toBe(`${site.server.url}/?utm_source=blog&element_anchor_id=${ANCHORS.tariffs}`);
  expect(Math.abs(await settledAnchorOffset(page, ANCHORS.tariffs))).toBeLessThanOrEqual(ANCHOR_TOLERANCE_PX);
  await context.close();
});

test('from 1280 px the call-to-action of a page without the block lands on the discuss-the-project block of home', async () => {
  const context = await newContext(DESKTOP);
  const page = await context.newPage();
  await page.goto(`${site.server.url}/about/`);
  await waitForHydration(page);
  await page.locator('[data-cta="header"]').click();
  await page.waitForURL((url) => url.pathname === '/' && url.hash === `#${ANCHORS.discussTheProject}`);
  expect(Math.abs(await settledAnchorOffset(page, ANCHORS.discussTheProject))).toBeLessThanOrEqual(ANCHOR_TOLERANCE_PX);
  await context.close();
});

test('the first-load file failing once reloads the page once, and the page then hydrates', async () => {
  const context = await newContext(DESKTOP);
  const page = await context.newPage();
  let failures = 0;
  await page.route(ENTRY_FILE, async (route) => {
    if (failures === 0) {
      failures += 1;
      await route.abort('failed');
    } else {
      await route.continue();
    }
  });
  let documents = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents += 1;
  });
  await page.goto(`${site.server.url}/contacts/`);
  await expect.poll(() => documents, { timeout: 20_000 }).toBe(2);
  await waitForHydration(page);
  expect(failures).toBe(1);
  await context.close();
});

test('the first-load file failing every time reloads the page once, not in a loop', async () => {
  const context = await newContext(DESKTOP);
  const page = await context.newPage();
  await page.route(ENTRY_FILE, (route) => route.abort('failed'));
  let documents = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents += 1;
  });
  await page.goto(`${site.server.url}/contacts/`);
  await expect.poll(() => documents, { timeout: 20_000 }).toBe(2);
  // The second failure falls inside the guard's window: the page stays as the server sent it.
  await page.waitForFunction(() => (window as Window & { __tapNative?: number }).__tapNative === 1, undefined, { timeout: 20_000 });
  await page.waitForTimeout(1500);
  expect(documents).toBe(2);
  // The burger's menu is the browser's own popover, and the call-to-action a plain link from now on.
  await page.locator('[data-burger-button]').click();
  await page.getByRole('dialog', { name: 'Меню сайта' }).waitFor({ timeout: 5_000 });
  await page.keyboard.press('Escape');
  await page.locator('[data-cta="header"]').click();
  await page.waitForURL(`${site.server.url}/request/#${ANCHORS.discussTheProject}`);
  await context.close();
});
