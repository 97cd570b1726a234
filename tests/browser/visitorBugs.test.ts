import { expect, test } from 'vitest';
import { RELOAD_GUARD_KEY } from '../../shared/browser/freshnessTimings.ts';
import { pageType } from '../support/pageTypes.ts';
import { useSiteInBrowser, waitForHydration } from './browser.ts';

// What a visitor met outside the specification's lines, and the burger's full screen (§2),
// checked in Chromium; the cross-engine suite (tests/browser/engines/) checks the burger in
// Firefox and WebKit (decision 040).

const site = useSiteInBrowser();

test('at 1440 px the cookie notice leaves room at the end of the page: the footer can be scrolled clear of it, and the room goes with it', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${site.server.url}/`);
  await waitForHydration(page);
  const notice = page.getByRole('region', { name: 'Уведомление о cookie' });
  await notice.waitFor();
  await notice.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
  const clearance = () =>
    page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      const footer = document.querySelector('footer')!.getBoundingClientRect();
      const shown = document.querySelector('[data-cookie-notice]');
      return { footerBottom: footer.bottom, noticeTop: shown ? shown.getBoundingClientRect().top : innerHeight };
    });
  const withNotice = await clearance();
  // To the pixel: layout keeps fractions of a pixel (the page's height), scrolling does not.
  expect(withNotice.footerBottom - withNotice.noticeTop).toBeLessThan(1);
  await notice.getByRole('button', { name: 'Понятно' }).click();
  await notice.waitFor({ state: 'detached' });
  // The room goes with the notice: the page ends at the footer again.
  const without = await clearance();
  expect(await page.evaluate(() => document.body.style.paddingBottom)).toBe('');
  expect(Math.round(without.footerBottom)).toBe(await page.evaluate(() => innerHeight));
  await context.close();
});

test('at 360 px the article meta line never starts a line with «·»: each separator stays with the fact before it', async () => {
  const context = await site.browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto(`${site.server.url}${pageType('an article').path}`);
  const lines = await page.evaluate(() =>
    [...document.querySelectorAll('[data-meta-separator]')].map((separator) => {
      const row = separator.closest('p')!.getBoundingClientRect();
      const fact = separator.parentElement!.firstElementChild!.getBoundingClientRect();
      const own = separator.getBoundingClientRect();
      return { startsLine: own.left - row.left < 1, sameLineAsFact: Math.abs(own.bottom - fact.bottom) < 1 };
    }),
  );
  expect(lines.length).toBeGreaterThan(0);
  expect(lines).toEqual(lines.map(() => ({ startsLine: false, sameLineAsFact: true })));
  await context.close();
});

test('at 1440 px the open burger menu covers the whole viewport, the scrollbar gutter kept while scroll is locked included (§2)', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${site.server.url}/about/`);
  await waitForHydration(page);
  await page.locator('[data-burger-button]').click();
  const menu = page.locator('[data-burger-menu]');
  await menu.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
  const box = await menu.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom, width: innerWidth, height: innerHeight };
  });
  expect(box).toEqual({ left: 0, top: 0, right: box.width, bottom: box.height, width: 1440, height: 900 });
  await context.close();
});

test('a chunk failing within the reload window while the error page’s own chunk is gone too shows the error page’s words, not a blank page (§8)', async () => {
  const page = await site.browser.newPage();
  await page.goto(`${site.server.url}/about/`);
  await waitForHydration(page);
  // The freshness check is started at the first idle moment: idle callbacks run in the order asked for.
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
  // §8's one reload was spent a moment ago, and from now on no chunk of the build loads.
  await page.evaluate((key) => sessionStorage.setItem(key, String(Date.now())), RELOAD_GUARD_KEY);
  await page.route('**/assets/*.js', (route) => route.fulfill({ status: 404, body: 'Not Found' }));
  await page.locator('header nav a[href="/blog/"]').dispatchEvent('click');
  const plain = page.locator('[data-error-page="plain"]');
  await plain.waitFor({ timeout: 30_000 });
  expect(await plain.getByRole('heading', { level: 1 }).textContent()).toBe('Ошибка приложения');
  expect(await plain.getByRole('link', { name: 'Перейти на главную' }).getAttribute('href')).toBe('/');
  // Still the site around it: its header stays.
  expect(await page.locator('header').count()).toBe(1);
  await page.close();
});
