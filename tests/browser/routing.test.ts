import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { markDocument, nextFrames, openWatchedPage, sameDocument, useSiteInBrowser, waitForHydration } from './browser.ts';

const site = useSiteInBrowser();

/** Opens a page, waits for React, and marks the document so a full reload would be noticed. */
async function open(path: string): Promise<{ page: Page; problems: string[] }> {
  const { page, problems } = await openWatchedPage(site.browser);
  await page.goto(`${site.server.url}${path}`);
  await waitForHydration(page);
  await markDocument(page);
  return { page, problems };
}

/**
 * A client-side navigation to a URL no link of the site points at (the site never links to a
 * redirect): the history entry changes and react-router handles it as back/forward would.
 */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

const heading = (page: Page) => page.locator('h1').first().innerText();

test("client navigation to an old service path follows the server's 301 to the final page, in the app", async () => {
  const { page, problems } = await open('/');
  const dataRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('_data=')) dataRequests.push(new URL(request.url()).pathname);
  });
  await navigateInApp(page, '/services/seo?utm_source=ya');
  await page.waitForURL(`${site.server.url}/services/prodvizhenie/seo/?utm_source=ya`);
  await expect
    .poll(() => page.locator('link[rel="canonical"]').getAttribute('href'))
    .toBe(`http://localhost:${site.server.port}/services/prodvizhenie/seo/`);
  expect(await heading(page)).not.toBe('Страница не найдена');
  expect(await sameDocument(page)).toBe(true);
  // One data request for the old URL (answered with the redirect), one for the final page
  // (links prefetched are not counted here): the breadcrumbs' link to the section, pointed at, is
  // prefetched, after the final page's own request.
  await page.getByRole('navigation', { name: 'Хлебные крошки' }).locator('a[href="/services/prodvizhenie/"]').hover();
  await expect.poll(() => dataRequests.includes('/services/prodvizhenie/'), { timeout: 15_000 }).toBe(true);
  expect(dataRequests.filter((path) => path.includes('seo'))).toEqual(['/services/seo', '/services/prodvizhenie/seo/']);
  expect(problems).toEqual([]);
});

test('client navigation to a blog tag in the wrong case lands on the known slug', async () => {
  const { page, problems } = await open('/blog/');
  await navigateInApp(page, '/blog/SEO/');
  await page.waitForURL(`${site.server.url}/blog/seo/`);
  expect(await sameDocument(page)).toBe(true);
  expect(problems).toEqual([]);
});

test('client navigation to an unknown slug shows the 404 page with the full path', async () => {
  const { page, problems } = await open('/blog/');
  await navigateInApp(page, '/blog/net-takogo-tega/');
  await expect.poll(() => heading(page)).toBe('Страница не найдена');
  expect(await page.locator('main, body').first().innerText()).toContain('/blog/net-takogo-tega/');
  await expect.poll(() => page.title()).toBe('Страница не найдена');
  expect(await sameDocument(page)).toBe(true);
  expect(problems.filter((line) => !line.includes('404'))).toEqual([]);
});

test('client navigation to an unmatched path and to an unknown service shows the 404 page', async () => {
  const { page } = await open('/');
  await navigateInApp(page, '/net-takoy-stranitsy/');
  await expect.poll(() => heading(page)).toBe('Страница не найдена');
  expect(await page.locator('body').innerText()).toContain('/net-takoy-stranitsy/');

  const second = await open('/services/');
  await navigateInApp(second.page, '/services/prodvizhenie/net-takoy/');
  await expect.poll(() => heading(second.page)).toBe('Страница не найдена');
  expect(await sameDocument(second.page)).toBe(true);
});

test('pointing at a link prefetches its page data, and the click uses it instead of asking again', async () => {
  const { page, problems } = await open('/');
  const requests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.searchParams.has('_data')) requests.push(url.pathname);
  });
  // A link out of view at load (the footer's): the header's links are in view, so the idle-time
  // prefetch of visible links may already have fetched theirs before the pointer gets there.
  const target = '/services/razrabotka/razrabotka-saytov/';
  const link = page.getByRole('contentinfo').locator(`a[href="${target}"]`).first();
  await link.hover();
  // A generous ceiling: on a loaded machine the prefetch can take more than poll's default second.
  await expect.poll(() => requests.filter((path) => path === target).length, { timeout: 15_000 }).toBe(1);
  await link.click();
  await page.waitForURL(`${site.server.url}${target}`);
  await expect.poll(() => page.title()).not.toBe('');
  expect(requests.filter((path) => path === target)).toHaveLength(1);
  expect(await sameDocument(page)).toBe(true);
  expect(problems).toEqual([]);
});

test('the burger and the call-to-action, links only without JavaScript, are never prefetched', async () => {
  const { page, problems } = await openWatchedPage(site.browser);
  const requests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.searchParams.has('_data')) requests.push(url.pathname);
  });
  await page.goto(`${site.server.url}/about/`);
  await waitForHydration(page);
  // Their fallbacks, in the server's HTML: the sitemap and the request page.
  const fallbacks = await page
    .locator('header [data-tap]')
    .evaluateAll((controls) => controls.map((control) => new URL(control.getAttribute('href') ?? '/', window.location.href).pathname));
  expect(fallbacks.sort()).toEqual(['/request/', '/sitemap/']);
  const header = page.getByRole('banner');
  // The burger the browser displays is the menu popover's button (the link stands in for it only
  // where the browser has no popovers, docs/decisions/031): pointed at, it asks for no page.
  await header.locator('[data-burger-button]').hover();
  await header.locator('[data-tap="cta"]').hover();
  // A link pointed at after them is prefetched: intents are handled in order, so by then theirs
  // would have been asked for as well.
  const target = '/services/razrabotka/razrabotka-saytov/';
  await page.getByRole('contentinfo').locator(`a[href="${target}"]`).first().hover();
  await expect.poll(() => requests.includes(target), { timeout: 15_000 }).toBe(true);
  expect(requests.filter((path) => fallbacks.includes(path))).toEqual([]);
  expect(problems).toEqual([]);
});

test('after a path change the view returns to the top and the new page enters animated', async () => {
  const { page } = await open('/');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name: 'Агентство' }).dispatchEvent('click');
  await page.waitForURL(`${site.server.url}/about/`);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect.poll(() => page.locator('[data-page-transition]').getAttribute('data-page-transition')).toBe('enter');
  const animation = await page.locator('[data-page-transition]').evaluate((element) => getComputedStyle(element).animationDuration);
  expect(animation).toBe('0.4s');
});

test('prefers-reduced-motion turns the page animations off', async () => {
  const context = await site.browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(`${site.server.url}/`);
  await waitForHydration(page);
  await page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name: 'Агентство' }).dispatchEvent('click');
  await page.waitForURL(`${site.server.url}/about/`);
  await expect.poll(() => page.locator('[data-page-transition]').getAttribute('data-page-transition')).toBe('enter');
  const animation = await page.locator('[data-page-transition]').evaluate((element) => getComputedStyle(element).animationName);
  expect(animation).toBe('none');
  await context.close();
});

test('the first page a visitor opens is not animated', async () => {
  const { page } = await open('/about/');
  expect(await page.locator('[data-page-transition]').getAttribute('data-page-transition')).toBe('none');
});

test('a navigation whose data request fails on the network or with a 5xx shows the generic toast', async () => {
  const page = await site.browser.newPage();
  const toast = page.locator('[data-toasts] [role="alert"]').getByText('Ой, что-то пошло не так!');
  const nav = (name: string) => page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name });
  // Pointed at, the links prefetch their data. Those prefetches fail too, and alone they say
  // nothing to the visitor.
  await page.route(/\/about\/\?_data=/, (route) => route.abort('failed'));
  await page.route(/\/contacts\/\?_data=/, (route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>502 Bad Gateway</h1>' }),
  );
  const prefetchesFailed = Promise.all([
    page.waitForEvent('requestfailed', (request) => request.url().includes('/about/?_data=')),
    page.waitForResponse((response) => response.url().includes('/contacts/?_data=')),
  ]);
  await page.goto(`${site.server.url}/`);
  await waitForHydration(page);
  await nav('Агентство').hover();
  await nav('Контакты').hover();
  // Both failures are in, and the app has had frames to react to them.
  await prefetchesFailed;
  await nextFrames(page);
  expect(await toast.count()).toBe(0);

  await nav('Агентство').click();
  await toast.waitFor();
  await toast.waitFor({ state: 'detached', timeout: 10_000 });

  await page.goto(`${site.server.url}/`);
  await waitForHydration(page);
  await nav('Контакты').click();
  await toast.waitFor();
  await page.close();
});
