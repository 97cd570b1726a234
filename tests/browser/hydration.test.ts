import { expect, test } from 'vitest';
import { useSiteInBrowser, waitForHydration, watchConsole } from './browser.ts';

const site = useSiteInBrowser();

test('the home page hydrates with no console errors or warnings', async () => {
  const page = await site.browser.newPage();
  const problems = watchConsole(page);
  await page.goto(`${site.server.url}/`);
  await waitForHydration(page);
  expect(await page.locator('h1').count()).toBe(1);
  expect(problems).toEqual([]);
  await page.close();
});

test('a header link navigates on the client without a full page load', async () => {
  const page = await site.browser.newPage();
  const problems = watchConsole(page);
  await page.goto(`${site.server.url}/`);
  await waitForHydration(page);
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  await page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name: 'Агентство' }).click();
  await page.waitForURL(`${site.server.url}/about/`);
  await expect.poll(() => page.title()).toBe('О студии «Верфь»');
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`http://localhost:${site.server.port}/about/`);
  expect(problems).toEqual([]);
  await page.close();
});
