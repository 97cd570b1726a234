import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { BUILD_CHECK_INTERVAL_MS, RELOAD_GUARD_KEY } from '../../shared/browser/freshnessTimings.ts';
import { bootScriptOf } from '../../server/features/pages/ssr/bootScript.ts';
import { markDocument, sameDocument, useSiteInBrowser, waitForHydration } from './browser.ts';

const site = useSiteInBrowser();

/** The absolute URLs of the chunks a page's HTML preloads. */
const preloadsOf = async (path: string) =>
  (bootScriptOf(await (await fetch(`${site.server.url}${path}`)).text())?.preloads ?? []).map((chunk) => `${site.server.url}${chunk}`);
/** The chunks the about page loads that the home page does not: what a deploy may have removed. */
const aboutOnlyChunks = async () => {
  const homeChunks = new Set(await preloadsOf('/'));
  return new Set((await preloadsOf('/about/')).filter((chunk) => !homeChunks.has(chunk)));
};
/** The URLs of the full page loads (document requests) the page makes from now on; client navigations make none. */
const documentLoadsOf = (page: Page) => {
  const loads: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads.push(request.url());
  });
  return loads;
};
/** Resolves on the page's next failed chunk import that nothing handled. */
const nextChunkFailure = (page: Page) =>
  new Promise<string>((resolve) => {
    page.on('pageerror', (error) => {
      if (/dynamically imported module|Importing a module script failed/i.test(error.message)) resolve(error.message);
    });
  });
/** The chunks that `chunks` import dynamically (`import("./chunk-….js")`). */
const importedBy = async (chunks: readonly string[]): Promise<string[]> =>
  (
    await Promise.all(
      chunks.map(async (chunk) => {
        const source = await (await fetch(chunk)).text();
        return [...source.matchAll(/import\("\.\/([\w-]+\.js)"\)/g)].map((match) => new URL(match[1] ?? '', chunk).href);
      }),
    )
  ).flat();
/**
 * A page whose links are never seen (an IntersectionObserver that reports nothing), so nothing is
 * prefetched for being in view: what it loads is what it needs.
 */
async function pageWithoutPrefetchInView(): Promise<Page> {
  const page = await site.browser.newPage();
  await page.addInitScript(() => {
    window.IntersectionObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    } as unknown as typeof IntersectionObserver;
  });
  return page;
}

/** The scripts a page asks for, its idle-time chunks included, when nothing is prefetched for being in view. */
async function scriptsOf(path: string): Promise<Set<string>> {
  const page = await pageWithoutPrefetchInView();
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(request.url());
  });
  await page.goto(`${site.server.url}${path}`);
  await waitForHydration(page);
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
  await page.waitForLoadState('networkidle');
  await page.close();
  return scripts;
}
const headerLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name });

test('before an hour has passed a navigation stays inside the app', async () => {
  const page = await site.browser.newPage();
  await page.clock.install();
  let checks = 0;
  await page.route('**/builds/latest.json*', (route) => {
    checks += 1;
    return route.fulfill({ json: { id: 'a-newer-build', timestamp: Date.now() } });
  });
  await page.goto(`${site.server.url}/`);
  await waitForHydration(page);
  await page.clock.fastForward(BUILD_CHECK_INTERVAL_MS - 60_000);
  await markDocument(page);
  await headerLink(page, 'Агентство').click();
  await page.waitForURL(`${site.server.url}/about/`);
  expect(checks).toBe(0);
  expect(await sameDocument(page)).toBe(true);
  await page.close();
});

test('after the hourly check sees a different build id, the next navigation is a full page load', async () => {
  const page = await site.browser.newPage();
  await page.clock.install();
  const asked: string[] = [];
  await page.route('**/builds/latest.json*', (route) => {
    asked.push(route.request().url());
    return route.fulfill({ json: { id: 'a-newer-build', timestamp: Date.now() } });
  });
  await page.goto(`${site.server.url}/`);
  await waitForHydration(page);
  await page.clock.fastForward(BUILD_CHECK_INTERVAL_MS);
  await page.waitForSelector('html[data-new-build="true"]');
  expect(asked).toHaveLength(1);
  expect(asked[0]).toMatch(/\/builds\/latest\.json\?timestamp=\d+$/);

  await markDocument(page);
  const fullLoad = page.waitForRequest((request) => request.isNavigationRequest());
  await headerLink(page, 'Агентство').click();
  expect((await fullLoad).url()).toBe(`${site.server.url}/about/`);
  await page.waitForURL(`${site.server.url}/about/`);
  expect(await sameDocument(page)).toBe(false);
  await page.close();
});

test('the same build id changes nothing', async () => {
  const page = await site.browser.newPage();
  await page.clock.install();
  let answered = 0;
  page.on('response', (response) => {
    if (response.url().includes('/builds/latest.json')) answered += 1;
  });
  await page.goto(`${site.server.url}/`);
  await waitForHydration(page);
  const checked = page.waitForResponse(/\/builds\/latest\.json/);
  await page.clock.fastForward(BUILD_CHECK_INTERVAL_MS);
  await checked;
  expect(answered).toBe(1);
  await markDocument(page);
  await headerLink(page, 'Агентство').click();
  await page.waitForURL(`${site.server.url}/about/`);
  expect(await page.locator('html[data-new-build]').count()).toBe(0);
  expect(await sameDocument(page)).toBe(true);
  await page.close();
});

test('a chunk that fails to load reloads the page once, and not a second time within 10 seconds', async () => {
  // The deploy removed the chunks only the about page needs (staticFiles answers 404 for them).
  const removed = await aboutOnlyChunks();
  expect(removed.size).toBeGreaterThan(0);
  const page = await site.browser.newPage();
  await page.route('**/assets/*.js', (route) =>
    removed.has(route.request().url()) ? route.fulfill({ status: 404, body: 'Not Found' }) : route.continue(),
  );
  await page.clock.install();
  await page.goto(`${site.server.url}/`);
  await waitForHydration(page);
  const documentLoads = documentLoadsOf(page);
  const secondFailure = nextChunkFailure(page);

  // First failure: the page reloads at /about/.
  const reloaded = page.waitForRequest((request) => request.isNavigationRequest());
  await headerLink(page, 'Агентство').click();
  expect((await reloaded).url()).toBe(`${site.server.url}/about/`);
  // Second failure, on the reloaded page, within the window: left unhandled, no reload.
  await secondFailure;
  expect(documentLoads).toEqual([`${site.server.url}/about/`]);
  expect(await page.evaluate((key) => sessionStorage.getItem(key), RELOAD_GUARD_KEY)).toMatch(/^\d+$/);
  await page.close();
});

test('a page chunk that fails on the first load, before hydration, reloads the page once', async () => {
  // The about page's own chunks (not the entry's), which the browser asks for before hydrating.
  const pageChunks = await aboutOnlyChunks();
  expect(pageChunks.size).toBeGreaterThan(0);
  const page = await site.browser.newPage();
  await page.route('**/assets/*.js', (route) => (pageChunks.has(route.request().url()) ? route.abort('failed') : route.continue()));
  const documentLoads = documentLoadsOf(page);
  // The reloaded page fails again within the 10-second window: left unhandled, no second reload.
  const secondFailure = nextChunkFailure(page);
  await page.goto(`${site.server.url}/about/`);
  await secondFailure;
  expect(documentLoads).toEqual([`${site.server.url}/about/`, `${site.server.url}/about/`]);
  expect(await page.evaluate((key) => sessionStorage.getItem(key), RELOAD_GUARD_KEY)).toMatch(/^\d+$/);
  expect(await page.locator('html[data-hydrated]').count()).toBe(0);
  await page.close();
});

test("a navigation whose page body's parts fail to load reloads that page once, never showing the error page", async () => {
  const page = await pageWithoutPrefetchInView();
  // Set at any moment the error page's title is in the document, across the reload.
  let errorPageShown = false;
  await page.exposeFunction('__errorPageShown', () => (errorPageShown = true));
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const check = () => {
        if (document.body.textContent?.includes('Ошибка приложения') === true)
          void (window as unknown as { __errorPageShown: () => void }).__errorPageShown();
      };
      new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
  });
  // The deploy removed the parts the home page's body is made of (its team grid, tariff table…),
  // none of which the about page needs; the page's chunk and its body are there. From the start,
  // so that a prefetch of the home page fails as well.
  const aboutScripts = await scriptsOf('/about/');
  const homeBodies = await importedBy((await preloadsOf('/')).filter((chunk) => !aboutScripts.has(chunk)));
  const removed = new Set((await importedBy(homeBodies)).filter((chunk) => !aboutScripts.has(chunk) && !homeBodies.includes(chunk)));
  expect(removed.size).toBeGreaterThan(0);
  await page.route('**/assets/*.js', (route) =>
    removed.has(route.request().url()) ? route.fulfill({ status: 404, body: 'Not Found' }) : route.continue(),
  );
  await page.goto(`${site.server.url}/about/`);
  await waitForHydration(page);
  // The freshness check is started at the first idle moment: idle callbacks run in the order asked for.
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
  await page.waitForLoadState('networkidle');
  const documentLoads = documentLoadsOf(page);
  const reloaded = page.waitForRequest((request) => request.isNavigationRequest());
  // Counted from the reload's request on, by listeners in place before it: the reloaded page may
  // ask for its parts before a wait set up after the reload would listen.
  let reloading = false;
  let failedAfterReload = 0;
  page.on('request', (request) => void (request.isNavigationRequest() && (reloading = true)));
  page.on('response', (response) => void (reloading && removed.has(response.url()) && (failedAfterReload += 1)));
  // Without pointing at it: the link is followed, not prefetched first.
  await page.locator('header a[href="/"]').first().dispatchEvent('click');
  expect((await reloaded).url()).toBe(`${site.server.url}/`);
  expect(errorPageShown).toBe(false);
  // The reloaded page's parts fail again within the window: no second reload.
  await expect.poll(() => failedAfterReload, { timeout: 30_000 }).toBeGreaterThan(0);
  await page.waitForLoadState('networkidle');
  expect(documentLoads).toEqual([`${site.server.url}/`]);
  await page.close();
});
