import { expect, test } from 'vitest';
import { HYDRATION_DATA_ID } from '../../shared/routes/hydrationData.ts';
import { pageType } from '../support/pageTypes.ts';
import {
  isOwnedByReact,
  isServerNode,
  markDocument,
  openWatchedPage,
  rememberServerNode,
  sameDocument,
  useSiteInBrowser,
  waitForHydration,
} from './browser.ts';

const site = useSiteInBrowser();

test('the home page hydrates under its hash-only CSP with no console errors or warnings', async () => {
  const { page, problems } = await openWatchedPage(site.browser);
  const response = await page.goto(`${site.server.url}/`);
  // Under a CSP of hashes only: any script or style it did not allow would be a console error.
  const csp = (await response?.allHeaders())?.['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src [^;]*'strict-dynamic'[^;]*'sha256-/);
  expect(csp).not.toContain('nonce-');
  await waitForHydration(page);
  expect(await page.locator('h1').count()).toBe(1);
  expect(problems).toEqual([]);
});

test("an element of the page with the route data's id (a section anchor from content) does not stop hydration", async () => {
  const { page, problems } = await openWatchedPage(site.browser);
  // What a section whose element_anchor_id an editor set to the same id puts into the document
  // before the block. Outside #app here, so React's own hydration has nothing to compare it with.
  await page.route(`${site.server.url}/contacts/`, async (route) => {
    const response = await route.fetch();
    const headers = Object.fromEntries(
      Object.entries(response.headers()).filter(([name]) => !['content-encoding', 'content-length'].includes(name)),
    );
    const body = (await response.text()).replace('<body>', `<body><p id="${HYDRATION_DATA_ID}">Не данные</p>`);
    await route.fulfill({ status: response.status(), headers, body });
  });
  await page.goto(`${site.server.url}/contacts/`);
  await waitForHydration(page);
  expect(problems).toEqual([]);
});

test('react-dom evaluates with stack capture off, and errors keep their stacks once the chunks have evaluated', async () => {
  const page = await site.browser.newPage();
  // react-dom announces itself to a DevTools hook at the end of its module's evaluation, after it
  // has created its sentinel errors: what the hook sees is what those errors were created under.
  await page.addInitScript(() => {
    const seen: { limitWhileReactDomEvaluated?: number | 'none' } = {};
    const noop = () => undefined;
    Object.assign(window, {
      __seen: seen,
      __REACT_DEVTOOLS_GLOBAL_HOOK__: {
        supportsFiber: true,
        checkDCE: noop,
        inject: () => {
          seen.limitWhileReactDomEvaluated = 'stackTraceLimit' in Error ? Error.stackTraceLimit : 'none';
          return 1;
        },
        onScheduleFiberRoot: noop,
        onCommitFiberRoot: noop,
        onPostCommitFiberRoot: noop,
        onCommitFiberUnmount: noop,
        setStrictMode: noop,
      },
    });
  });
  await page.goto(`${site.server.url}/`);
  await waitForHydration(page);
  // After a lazy part's chunk too: the burger menu's.
  await page.locator('[data-burger-button]').click();
  await page.getByRole('dialog', { name: 'Меню сайта' }).waitFor();
  const seen = await page.evaluate(() => ({
    ...(window as unknown as { __seen: { limitWhileReactDomEvaluated?: number | 'none' } }).__seen,
    limit: Error.stackTraceLimit,
    stack: new Error('x').stack ?? '',
  }));
  expect(seen.limitWhileReactDomEvaluated).toBe('none');
  expect(seen.limit).toBe(10);
  expect(seen.stack).toContain('\n    at ');
  await page.close();
});

test('a header link navigates on the client without a full page load', async () => {
  const { page, problems } = await openWatchedPage(site.browser);
  await page.goto(`${site.server.url}/`);
  await waitForHydration(page);
  await markDocument(page);
  await page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name: 'Агентство' }).click();
  await page.waitForURL(`${site.server.url}/about/`);
  await expect.poll(() => page.title()).toBe('О студии «Верфь»');
  expect(await sameDocument(page)).toBe(true);
  expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`http://localhost:${site.server.port}/about/`);
  expect(problems).toEqual([]);
});

test("on a phone the lead form keeps the server's HTML: hydrated in place, not rendered again", async () => {
  // The header measures itself right after hydration and stores its height in the app state;
  // an urgent update of that context would make React give up the form's pending Suspense
  // boundary and build the form again (a second layout, and anything typed so far lost).
  const { page, problems } = await openWatchedPage(site.browser, { viewport: { width: 390, height: 844 }, isMobile: true });
  await rememberServerNode(page, '#discuss-the-project form');
  await page.goto(`${site.server.url}/`);
  await waitForHydration(page);
  await page.locator('#discuss-the-project form[data-interactive]').waitFor();
  expect(await isServerNode(page, '#discuss-the-project form')).toBe(true);
  expect(problems).toEqual([]);
});

test("a page's body, hydrated from a chunk of its own (not part of the first load), keeps the server's nodes and navigates on the client", async () => {
  const { page, problems } = await openWatchedPage(site.browser);
  await rememberServerNode(page, 'main h1');
  await page.goto(`${site.server.url}/`);
  await waitForHydration(page);
  // React marks the nodes it owns; the heading is the body's, so this is the body hydrated.
  // A generous ceiling: the body's chunk arrives after the shell's, later on a loaded machine.
  await expect.poll(() => isOwnedByReact(page, 'main h1'), { timeout: 15_000 }).toBe(true);
  expect(await isServerNode(page, 'main h1')).toBe(true);
  await markDocument(page);
  await page.locator('main a[href="/projects/"]').first().click();
  await page.waitForURL(`${site.server.url}/projects/`);
  // The new page shows whole: its body's chunk is loaded before it is shown.
  await expect.poll(() => page.locator('main h1').count(), { timeout: 15_000 }).toBe(1);
  expect(await sameDocument(page)).toBe(true);
  expect(problems).toEqual([]);
});

test('static text keeps the server’s HTML untouched by React at hydration; its links navigate on the client, and it renders anew after navigation', async () => {
  const { page, problems } = await openWatchedPage(site.browser);
  const article = pageType('an article').path;
  await rememberServerNode(page, 'main article [data-static-part] h1');
  await page.goto(`${site.server.url}${article}`);
  await waitForHydration(page);
  // The body (with the article's static parts) hydrates from its own chunk: wait for a node it owns.
  await expect.poll(() => isOwnedByReact(page, 'main article [data-static-part]'), { timeout: 15_000 }).toBe(true);
  // The part itself is React's; nothing inside it is: no tree was built for the text.
  expect(await isOwnedByReact(page, 'main article [data-static-part] h1')).toBe(false);
  expect(await isServerNode(page, 'main article [data-static-part] h1')).toBe(true);
  const title = await page.locator('main h1').textContent();
  expect(title).toBeTruthy();

  await markDocument(page);
  const breadcrumb = page.locator('main article [data-static-part] nav a[href="/blog/"]').first();
  await breadcrumb.click();
  await page.waitForURL(`${site.server.url}/blog/`);
  await expect.poll(() => page.locator('main h1').count(), { timeout: 15_000 }).toBe(1);
  expect(await sameDocument(page)).toBe(true);

  // Back to the article, now rendered in the browser: the same text, built by React this time.
  await page.goBack();
  await page.waitForURL(`${site.server.url}${article}`);
  await expect.poll(() => page.locator('main h1').textContent(), { timeout: 15_000 }).toBe(title);
  expect(await isOwnedByReact(page, 'main article [data-static-part] h1')).toBe(true);
  expect(problems).toEqual([]);
});
