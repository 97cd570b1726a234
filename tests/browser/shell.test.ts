import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { ANCHOR_SCROLL_ATTRIBUTE } from '../../shared/browser/scrollToAnchor.ts';
import { axeViolations } from './axe.ts';
import { nextFrames, resizeTo, useSiteInBrowser, waitForHydration, watchConsole } from './browser.ts';

/** The three widths every page is checked at: phone, tablet, desktop. */
const WIDTHS = [375, 768, 1440] as const;

// The shared server has no YANDEX_MAPS_API_KEY: the maps fall back to their static card.
const site = useSiteInBrowser();

interface Opened {
  readonly page: Page;
  readonly problems: string[];
  /** Every script the page has asked for, in order. */
  readonly scripts: string[];
}

/** A hydrated page at `width`; the cookie notice is already answered unless asked otherwise. */
async function open(
  pathname: string,
  width: number,
  options: { cookiesAnswered?: boolean; reducedMotion?: boolean } = {},
): Promise<Opened> {
  const context = await site.browser.newContext({
    viewport: { width, height: 900 },
    reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference',
    // axe is injected with addScriptTag, an inline script the site's CSP would (rightly) block.
    bypassCSP: true,
  });
  if (options.cookiesAnswered !== false) await context.addCookies([{ name: 'cookies-accepted', value: 'true', url: site.server.url }]);
  const page = await context.newPage();
  const problems = watchConsole(page);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto(`${site.server.url}${pathname}`);
  await waitForHydration(page);
  return { page, problems, scripts };
}

/**
 * Resolves once every script the page has asked for so far has loaded and run, with all it
 * imports: importing a module the page already has, or is fetching, joins that fetch.
 */
async function scriptsSettled({ page, scripts }: Opened): Promise<void> {
  // A string, not a function: vitest would rewrite the function's `import()` for Node.
  await page.evaluate(`Promise.all(${JSON.stringify(scripts)}.map((url) => import(url))).then(() => undefined)`);
}

async function close({ page, problems }: Opened) {
  await page.context().close();
  expect(problems).toEqual([]);
}

const headerCta = (page: Page) => page.locator('[data-cta="header"]');
const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });

/** Distance of an anchor's top from the bottom of the header, once the scroll to it has settled. */
async function anchorOffset(page: Page, id: string): Promise<number> {
  await page.waitForSelector(`html[${ANCHOR_SCROLL_ATTRIBUTE}="settled"]`, { state: 'attached', timeout: 20_000 });
  return page.evaluate((anchor) => {
    const header = document.querySelector('header')!.getBoundingClientRect().height;
    return Math.round(document.getElementById(anchor)!.getBoundingClientRect().top - header);
  }, id);
}

async function hasElement(page: Page, id: string) {
  return page.evaluate((anchor) => document.getElementById(anchor) !== null, id);
}

/** The page has the anchor, and the header's call-to-action scrolls it to just below the header. */
async function expectCtaScrollsTo(page: Page, anchor: string): Promise<void> {
  expect(await hasElement(page, anchor), `${page.url()} has #${anchor}`).toBe(true);
  await headerCta(page).click();
  expect(Math.abs(await anchorOffset(page, anchor)), `#${anchor} on ${page.url()}`).toBeLessThanOrEqual(2);
}

// The label of each page is in the server's HTML (tests/pages/pages.test.ts); the hydrated header keeps it.
test("the hydrated call-to-action keeps its page's label: «Начать карьеру» on /career/ (§2)", async () => {
  const opened = await open('/career/', 1440);
  await expect.poll(() => headerCta(opened.page).textContent()).toBe('Начать карьеру');
  await close(opened);
});

test('the burger menu shows the secondary label «Будь в курсе новых статей» on success-request', async () => {
  const opened = await open('/success/request/', 375);
  await opened.page.locator('[data-burger-button]').click();
  await expect.poll(() => opened.page.locator('[data-cta="burger"]').textContent()).toBe('ПодпишисьБудь в курсе новых статей');
  await close(opened);
});

test('below 1280 px (375, 768) «Обсудить проект» opens the feedback modal', async () => {
  const opened = await open('/', 375);
  for (const width of [375, 768]) {
    await resizeTo(opened.page, width);
    await headerCta(opened.page).click();
    const modal = dialog(opened.page, 'Обсудить проект');
    await modal.waitFor();
    await opened.page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
  }
  await close(opened);
});

test('from 1280 px «Обсудить проект» scrolls to the discuss-the-project block, or goes to /#discuss-the-project', async () => {
  const home = await open('/', 1440);
  await expectCtaScrollsTo(home.page, 'discuss-the-project');
  await close(home);

  const documents = await open('/documents/', 1440);
  expect(await hasElement(documents.page, 'discuss-the-project')).toBe(false);
  await headerCta(documents.page).click();
  await documents.page.waitForURL(`${site.server.url}/#discuss-the-project`);
  await close(documents);
});

test('on the subscribe page the call-to-action opens the feedback modal even on a wide screen', async () => {
  const opened = await open('/subscribe/', 1440);
  await headerCta(opened.page).click();
  await dialog(opened.page, 'Обсудить проект').waitFor();
  await close(opened);
});

test('on career the header button goes to the internship block and the burger menu button opens the internship modal', async () => {
  const opened = await open('/career/', 1440);
  await expectCtaScrollsTo(opened.page, 'internship');
  await opened.page.locator('[data-burger-button]').click();
  await opened.page.locator('[data-cta="burger"]').click();
  await dialog(opened.page, 'Стажировка в «Верфи»').waitFor();
  await close(opened);
});

test('success-request scrolls to subscribe-email and referral to referral-section', async () => {
  for (const [pathname, anchor] of [
    ['/success/request/', 'subscribe-email'],
    ['/referral/', 'referral-section'],
  ] as const) {
    const opened = await open(pathname, 1440);
    await expectCtaScrollsTo(opened.page, anchor);
    await close(opened);
  }
});

test(`at ${WIDTHS.join(', ')} px the header turns fixed and dark from 85 px of scroll and back above it`, async () => {
  const opened = await open('/', WIDTHS[0]);
  const header = opened.page.locator('header');
  for (const width of WIDTHS) {
    await resizeTo(opened.page, width);
    expect(await header.getAttribute('data-header-fixed'), `${width} px`).toBe('false');
    await opened.page.evaluate(() => window.scrollTo({ top: 84, behavior: 'instant' }));
    await expect.poll(() => header.getAttribute('data-header-fixed'), { message: `${width} px` }).toBe('false');
    await opened.page.evaluate(() => window.scrollTo({ top: 85, behavior: 'instant' }));
    await expect.poll(() => header.getAttribute('data-header-fixed'), { message: `${width} px` }).toBe('true');
    expect(await header.evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
    await expect.poll(() => header.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(15, 29, 58)');
    await opened.page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect.poll(() => header.getAttribute('data-header-fixed'), { message: `${width} px` }).toBe('false');
  }
  await close(opened);
});

test(`at ${WIDTHS.join(', ')} px the burger menu opens, locks scroll, closes on Escape and returns focus to its button`, async () => {
  const opened = await open('/', WIDTHS[0]);
  const { page } = opened;
  const burger = page.locator('[data-burger-button]');
  const menu = dialog(page, 'Меню сайта');
  for (const width of WIDTHS) {
    await resizeTo(page, width);
    await burger.click();
    await menu.waitFor();
    // The app's state follows the popover's (its toggle event, a task after the tap).
    await expect.poll(() => burger.getAttribute('aria-expanded'), { message: `${width} px` }).toBe('true');
    expect(await page.evaluate(() => document.documentElement.dataset.scrollLocked)).toBe('true');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollbarGutter)).toBe('stable');
    // Focus moves in once the menu has painted (shared/ui/focusTrap.ts).
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.documentElement.dataset.scrollLocked)).toBeUndefined();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('visible');
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-burger-button'))).toBe(true);
  }
  await close(opened);
});

test('with every script blocked the burger opens the menu by a tap, a native popover, and its close button and Escape close it', async () => {
  const context = await site.browser.newContext({ viewport: { width: 375, height: 900 }, hasTouch: true });
  await context.addCookies([{ name: 'cookies-accepted', value: 'true', url: site.server.url }]);
  const page = await context.newPage();
  await page.route('**/*.js', (route) => route.abort());
  await page.goto(`${site.server.url}/about/`);
  const menu = dialog(page, 'Меню сайта');
  expect(await menu.count()).toBe(0);
  await page.locator('[data-burger-button]').tap();
  await menu.waitFor({ timeout: 5_000 });
  expect(await menu.evaluate((element) => element.matches(':popover-open'))).toBe(true);
  // The page behind it does not scroll (CSS alone, before the menu's code).
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
  expect(await menu.getByRole('link', { name: 'Об агентстве' }).count()).toBe(1);
  await menu.getByRole('button', { name: 'Закрыть меню' }).tap();
  await menu.waitFor({ state: 'hidden', timeout: 5_000 });
  expect(new URL(page.url()).pathname).toBe('/about/');
  await page.locator('[data-burger-button]').tap();
  await menu.waitFor({ timeout: 5_000 });
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden', timeout: 5_000 });
  await context.close();
});

test("once hydrated the menu is the app's: opened and closed through the popover, the app state, focus and the page agree", async () => {
  const opened = await open('/', 375);
  const { page } = opened;
  const burger = page.locator('[data-burger-button]');
  const menu = dialog(page, 'Меню сайта');
  const popoverOpen = () => page.locator('[data-burger-menu]').evaluate((element) => element.matches(':popover-open'));
  await burger.click();
  await menu.waitFor();
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[data-burger-menu]') !== null)).toBe(true);
  // The close button hides the popover and the app lets the page scroll again.
  await menu.getByRole('button', { name: 'Закрыть меню' }).click();
  await menu.waitFor({ state: 'hidden' });
  expect(await popoverOpen()).toBe(false);
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.scrollLocked)).toBeUndefined();
  await expect.poll(() => burger.getAttribute('aria-expanded')).toBe('false');
  await expect.poll(() => page.evaluate(() => document.activeElement?.hasAttribute('data-burger-button'))).toBe(true);
  // A link inside closes both the app's menu and the browser's popover.
  await burger.click();
  await menu.waitFor();
  await menu.getByRole('tab', { name: 'Блог' }).click();
  await menu.locator('[data-tab-panel="blog"] a').first().click();
  await menu.waitFor({ state: 'hidden' });
  expect(await popoverOpen()).toBe(false);
  await close(opened);
});

test('once the page has been idle the burger menu is built, hidden, and a tap shows that tree, without the network', async () => {
  const { page } = await open('/', 375);
  await page.waitForLoadState('networkidle');
  // Idle callbacks run in the order asked for: once this one has run, the header's has.
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
  await page.waitForLoadState('networkidle');
  const built = page.locator('[data-burger-menu]');
  await built.locator('[data-tab-panel="projects"] a[href="/projects/"]').waitFor({ state: 'attached', timeout: 5_000 });
  expect(await built.isHidden()).toBe(true);
  expect(await page.getByRole('dialog').count()).toBe(0);
  await built.evaluate((element) => element.setAttribute('data-built-before-the-tap', ''));
  await page.context().setOffline(true);
  await page.locator('[data-burger-button]').click();
  const menu = dialog(page, 'Меню сайта');
  await menu.waitFor({ timeout: 5_000 });
  expect(await menu.getAttribute('data-built-before-the-tap')).toBe('');
  await page.context().close();
});

test('once the page has hydrated the modal opens without the network: its chunk is there before any tap', async () => {
  const opened = await open('/about/', 375);
  const { page } = opened;
  // The modal's preload ran with the shell's effects, before the hydration marker's. The chunks
  // the page loads at idle (the menu, the freshness check) must be in before the network goes:
  // one failing would reload the page (§8). Idle callbacks run in the order asked for.
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
  await scriptsSettled(opened);
  await page.context().setOffline(true);
  await headerCta(page).click();
  await dialog(page, 'Обсудить проект').waitFor({ timeout: 5_000 });
  await page.context().close();
});

test("once the page has been idle the modal is built, hidden, and a tap shows that dialog with its opener's texts", async () => {
  const opened = await open('/_ui_kit/', 375);
  const { page } = opened;
  await page.waitForLoadState('networkidle');
  // Idle callbacks run in the order asked for: once this one has run, the modal root's has.
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
  await scriptsSettled(opened);
  const built = page.locator('[data-dialog-backdrop]');
  await built.waitFor({ state: 'attached', timeout: 5_000 });
  expect(await built.getAttribute('data-closed')).toBe('');
  expect(await built.isHidden()).toBe(true);
  expect(await page.getByRole('dialog').count()).toBe(0);
  await built.evaluate((element) => element.setAttribute('data-built-before-the-tap', ''));
  await page.getByRole('button', { name: 'Заявка с типом услуги' }).click();
  const modal = dialog(page, 'Заказать SEO-аудит');
  await modal.waitFor({ timeout: 5_000 });
  expect(await built.getAttribute('data-built-before-the-tap')).toBe('');
  await page.keyboard.press('Escape');
  await modal.waitFor({ state: 'hidden' });
  // Closed again, it stays the one dialog of the page, ready for the next opening.
  expect(await page.locator('[data-dialog-backdrop]').count()).toBe(1);
  expect(await built.getAttribute('data-closed')).toBe('');
  await headerCta(page).click();
  await dialog(page, 'Обсудить проект').waitFor({ timeout: 5_000 });
  expect(await page.locator('[data-dialog-backdrop]').count()).toBe(1);
  await close(opened);
});

for (const width of WIDTHS) {
  test(`at ${width} px the burger menu closes after a navigation`, async () => {
    const opened = await open('/', width);
    const { page } = opened;
    await page.locator('[data-burger-button]').click();
    const menu = dialog(page, 'Меню сайта');
    await menu.getByRole('tab', { name: 'Проекты' }).click();
    const industries = menu.locator('[data-industry-columns] ul');
    expect(await industries.nth(0).locator('li').count()).toBe(6);
    expect(await industries.nth(1).locator('li').count()).toBeGreaterThan(0);
    await menu.getByRole('link', { name: 'Все проекты' }).click();
    await page.waitForURL(`${site.server.url}/projects/`);
    await menu.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.documentElement.dataset.scrollLocked)).toBeUndefined();
    await close(opened);
  });
}

test('the feedback window traps focus, closes on Escape and gives focus back to the button that opened it', async () => {
  const opened = await open('/', 375);
  const { page } = opened;
  await headerCta(page).click();
  const modal = dialog(page, 'Обсудить проект');
  await modal.waitFor();
  expect(await modal.getAttribute('aria-modal')).toBe('true');
  // The open popover locks the page's scroll by CSS (docs/decisions/041).
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
  for (let step = 0; step < 12; step += 1) {
    await page.keyboard.press(step % 3 === 2 ? 'Shift+Tab' : 'Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
  }
  await page.keyboard.press('Escape');
  await modal.waitFor({ state: 'hidden' });
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[data-cta]')?.getAttribute('data-cta'))).toBe('header');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
  await close(opened);
});

test('the feedback modal holds the request form with the service type the opener preset (§3)', async () => {
  const opened = await open('/_ui_kit/', 1440);
  await opened.page.getByRole('button', { name: 'Заявка с типом услуги' }).click();
  const modal = dialog(opened.page, 'Заказать SEO-аудит');
  await modal.waitFor();
  expect(await modal.getByRole('combobox', { name: /Услуга/ }).inputValue()).toBe('SEO');
  await opened.page.keyboard.press('Escape');
  await opened.page.getByRole('button', { name: 'Модальное окно стажировки' }).click();
  const internship = dialog(opened.page, 'Стажировка в «Верфи»');
  await internship.waitFor();
  // The forms load with the first modal (a lazy chunk): wait for it, then there is exactly one.
  await internship.locator('form').waitFor();
  expect(await internship.locator('form').count()).toBe(1);
  await close(opened);
});

test('without a maps key the office map is a static card with the address and a link to Yandex Maps', async () => {
  const opened = await open('/_ui_kit/', 1440);
  const map = opened.page.locator('[data-map-status]').first();
  expect(await map.getAttribute('data-map-status')).toBe('static');
  const link = map.getByRole('link', { name: /Открыть на Яндекс Картах/ });
  expect(await link.getAttribute('href')).toMatch(/^https:\/\/yandex\.ru\/maps\/\?/);
  expect(await link.getAttribute('target')).toBe('_blank');
  expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
  expect(await map.locator('address').textContent()).toContain('Санкт-Петербург');
  await close(opened);
});

test('element_anchor_id scrolls to that anchor below the header', async () => {
  const opened = await open('/_ui_kit/?element_anchor_id=ui-kit-feedback', 1440);
  expect(Math.abs(await anchorOffset(opened.page, 'ui-kit-feedback'))).toBeLessThanOrEqual(2);
  await close(opened);
});

test('element_anchor_id far down the home page lands below the header over sections not yet rendered', async () => {
  const opened = await open('/?element_anchor_id=tariffs', 1440);
  expect(Math.abs(await anchorOffset(opened.page, 'tariffs'))).toBeLessThanOrEqual(2);
  await close(opened);
});

test('the cookie notice is remembered in the cookies-accepted cookie, sent to the server, and never shown again', async () => {
  const opened = await open('/', 375, { cookiesAnswered: false });
  const { page } = opened;
  const notice = page.getByRole('region', { name: 'Уведомление о cookie' });
  await notice.getByRole('button', { name: 'Понятно' }).click();
  await notice.waitFor({ state: 'detached' });
  // §9 "Cookie key cookies-accepted": a cookie, not local storage.
  const cookie = (await page.context().cookies()).find((entry) => entry.name === 'cookies-accepted');
  expect(cookie).toMatchObject({ value: 'true', path: '/', sameSite: 'Lax' });
  expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 300 * 24 * 60 * 60);
  expect(await page.evaluate(() => window.localStorage.getItem('cookies-accepted'))).toBeNull();

  const documentRequest = page.waitForRequest((request) => request.resourceType() === 'document');
  await page.reload();
  expect(await (await documentRequest).headerValue('cookie')).toContain('cookies-accepted=true');
  await waitForHydration(page);
  expect(await notice.count()).toBe(0);
  // The server's page for a visitor who accepted has no notice to hide (nor for anyone: it is the same cached page).
  const html = await (await fetch(`${site.server.url}/`, { headers: { cookie: 'cookies-accepted=true' } })).text();
  expect(html).not.toContain('Уведомление о cookie');
  await close(opened);
});

test('an answer kept in local storage before the cookie existed is moved into the cookie', async () => {
  const context = await site.browser.newContext({ viewport: { width: 375, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    if (sessionStorage.getItem('seeded') === null) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('cookies-accepted', 'true');
    }
  });
  await page.goto(`${site.server.url}/`);
  await waitForHydration(page);
  await expect
    .poll(async () => (await context.cookies()).some((entry) => entry.name === 'cookies-accepted' && entry.value === 'true'))
    .toBe(true);
  expect(await page.getByRole('region', { name: 'Уведомление о cookie' }).count()).toBe(0);
  await context.close();
});

test('an error toast says «Ой, что-то пошло не так!» and goes away by itself', async () => {
  const opened = await open('/_ui_kit/', 768);
  await opened.page.getByRole('button', { name: 'Ошибка', exact: true }).click();
  const toast = opened.page.getByRole('alert').getByText('Ой, что-то пошло не так!');
  await toast.waitFor();
  await toast.waitFor({ state: 'detached', timeout: 10_000 });
  await close(opened);
});

test('the footer has both offices, both e-mails, the industries and products, and goal attributes on its links', async () => {
  const opened = await open('/', 1440);
  const footer = opened.page.locator('footer');
  expect(await footer.locator('a[href^="tel:"]').count()).toBe(2);
  expect(await footer.locator('a[href^="tel:"][data-goal="NEW-Futer-Klik-na-lyuboy-nomer-telefona"]').count()).toBe(2);
  expect(await footer.locator('a[href="mailto:hello@verf.digital"]').getAttribute('data-goal')).toBe('NEW-Futer-Klik-na-lyubuyu-pochtu');
  expect(await footer.locator('a[href="mailto:hr@verf.digital"]').count()).toBe(1);
  expect(await footer.locator('a[href="/projects/medicine/"]').count()).toBe(1);
  expect(await footer.locator('a[href="/services/razrabotka/razrabotka-saytov/"]').count()).toBe(1);
  expect(await footer.getByText(`${new Date().getFullYear()} ООО «Верфь Диджитал»`).count()).toBe(1);
  for (const [network, goal] of [
    ['vc', 'NEW-Futer-Klik-na-VC'],
    ['telegram', 'NEW-Futer-Klik-na-Telegram'],
    ['dribbble', 'NEW-Futer-Klik-na-Dribble'],
    ['behance', 'NEW-Futer-Klik-na-behance'],
    ['dprofile', 'NEW-Futer-Klik-na-dprofile'],
  ]) {
    const link = footer.locator(`[data-social="${network}"]`);
    expect(await link.getAttribute('data-goal')).toBe(goal);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');
  }
  const partner = footer.locator('[data-goal="NEW-Futer-Klik-na-partnerskaya-programma"]');
  expect(await partner.getAttribute('target')).toBe('_blank');
  const header = opened.page.locator('header');
  expect(await header.locator('[data-goal="NEW-Shapka-Klik-na-nomer-telefona"]').count()).toBe(1);
  expect(await header.locator('[data-goal="NEW-Shapka-Klik-na-pochtu"]').count()).toBe(1);
  // The popover button, and the site map link displayed in its place only where the browser has no popovers.
  expect(await header.locator('[data-goal="NEW-Shapka-Klik-na-burger-menyu"]').count()).toBe(2);
  expect(await header.locator('[data-goal="NEW-Shapka-Klik-na-burger-menyu"]:visible').count()).toBe(1);
  // The feedback window's button below 1280 px, the link from 1280 px (docs/decisions/041).
  expect(await header.locator('[data-goal="NEW-Shapka-Klik-na-obsudit-proekt"]').count()).toBe(2);
  expect(await header.locator('[data-goal="NEW-Shapka-Klik-na-obsudit-proekt"]:visible').count()).toBe(1);
  await close(opened);
});

test('the button arrow shows from 720 px and not below', async () => {
  const opened = await open('/', 375);
  // Below 1280 px the call-to-action is the feedback window's button (docs/decisions/041).
  const arrow = headerCta(opened.page).locator('[data-cta-window] [data-button-arrow]');
  for (const [width, display] of [
    [375, 'none'],
    [768, 'block'],
    [719, 'none'],
    [720, 'block'],
  ] as const) {
    await resizeTo(opened.page, width);
    expect(await arrow.evaluate((element) => getComputedStyle(element).display), `${width} px`).toBe(display);
  }
  await close(opened);
});

test('hovering the call-to-action throws confetti that clears by itself', async () => {
  const opened = await open('/', 1440);
  await headerCta(opened.page).hover();
  const confetti = headerCta(opened.page).locator('[data-confetti]');
  await confetti.waitFor();
  await confetti.waitFor({ state: 'detached', timeout: 10_000 });
  await close(opened);
});

test('with reduced motion hovering the call-to-action throws no confetti', async () => {
  const opened = await open('/', 1440, { reducedMotion: true });
  await headerCta(opened.page).hover();
  await opened.page.waitForTimeout(200);
  expect(await headerCta(opened.page).locator('[data-confetti]').count()).toBe(0);
  await close(opened);
});

// The goals of the burger and the call-to-action, hydrated and at first paint: tests/browser/analytics.test.ts.

test('a click on the footer logo toggles its animation and its eyes following the mouse together', async () => {
  const opened = await open('/', 1440);
  const { page } = opened;
  const logo = page.locator('[data-footer-logo]');
  await logo.scrollIntoViewIfNeeded();
  const pupils = () => logo.locator('[data-pupil]').evaluateAll((circles) => circles.map((circle) => circle.getAttribute('cx')).join(','));
  const animation = () => logo.locator('svg').evaluate((svg) => getComputedStyle(svg).animationName);
  const resting = await pupils();
  const box = (await logo.boundingBox())!;

  // Off: the mouse moves and the eyes keep looking ahead.
  await page.mouse.move(box.x + 400, box.y + box.height / 2);
  await page.mouse.move(box.x + 600, box.y - 300, { steps: 4 });
  // A frame for the pointer's moves to be handled and one for what they changed to be drawn.
  await nextFrames(page);
  expect(await pupils()).toBe(resting);
  expect(await animation()).toBe('none');

  // On: the mark bobs and the eyes follow the mouse to the right.
  await logo.click();
  expect(await logo.getAttribute('aria-pressed')).toBe('true');
  expect(await animation()).not.toBe('none');
  await page.mouse.move(box.x + 600, box.y + box.height / 2, { steps: 4 });
  await expect.poll(pupils).not.toBe(resting);

  // Off again: both stop, the eyes back in the middle, however the mouse moves.
  await logo.click();
  expect(await logo.getAttribute('aria-pressed')).toBe('false');
  expect(await animation()).toBe('none');
  await expect.poll(pupils).toBe(resting);
  await page.mouse.move(box.x + 500, box.y - 200, { steps: 4 });
  await nextFrames(page);
  expect(await pupils()).toBe(resting);
  await close(opened);
});

test('with reduced motion the social marquee stands still', async () => {
  const opened = await open('/', 1440, { reducedMotion: true });
  const track = opened.page.locator('[data-social-marquee] > div');
  expect(await track.evaluate((element) => getComputedStyle(element).animationName)).toBe('none');
  await close(opened);
});

test('the skip link is the first thing Tab reaches and leads to the main content', async () => {
  const opened = await open('/', 1440);
  await opened.page.keyboard.press('Tab');
  expect(await opened.page.evaluate(() => document.activeElement?.textContent)).toBe('Перейти к основному содержимому');
  await opened.page.keyboard.press('Enter');
  await expect.poll(() => opened.page.evaluate(() => document.activeElement?.id)).toBe('main');
  await close(opened);
});

test('axe finds no violations with the cookie notice, the burger menu and the modal open', async () => {
  const opened = await open('/', 375, { cookiesAnswered: false });
  const { page } = opened;
  await page.getByRole('region', { name: 'Уведомление о cookie' }).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await page.locator('[data-burger-button]').click();
  await dialog(page, 'Меню сайта').waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await headerCta(page).click();
  await dialog(page, 'Обсудить проект').waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await close(opened);
});

for (const pathname of ['/', '/_ui_kit/']) {
  test(`axe finds no accessibility violations on ${pathname} at ${WIDTHS.join(', ')} px, and the shell adds no h1`, async () => {
    const opened = await open(pathname, WIDTHS[0]);
    const { page } = opened;
    expect(await page.locator('h1').count()).toBe(1);
    expect(await page.locator('header h1, footer h1').count()).toBe(0);
    for (const width of WIDTHS) {
      await resizeTo(page, width);
      expect(await axeViolations(page), `${width} px`).toEqual([]);
    }
    await close(opened);
  });
}
