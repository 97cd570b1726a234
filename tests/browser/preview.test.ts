import { expect, test } from 'vitest';
import { linkToken } from '../../server/features/preview/previewSignature.ts';
import { PREVIEW_PATH } from '../../shared/routes/serverMounts.ts';
import { useSiteInBrowser, waitForHydration, watchConsole } from './browser.ts';

const SECRET = 'preview-secret-0123456789-abcdefghij';
const site = useSiteInBrowser({ PREVIEW_SECRET: SECRET });

test('an editor’s preview hydrates like any page: the banner is part of the app, ids and labels stay as the server wrote them', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'cookies-accepted', value: 'true', url: site.server.url }]);
  const page = await context.newPage();
  const problems = watchConsole(page);
  const path = '/request/';
  const expires = Math.floor(Date.now() / 1000) + 600;
  await page.goto(
    `${site.server.url}${PREVIEW_PATH}?path=${encodeURIComponent(path)}&expires=${expires}&token=${linkToken(SECRET, path, expires)}`,
  );
  expect(new URL(page.url()).pathname).toBe(path);
  const banner = page.getByRole('status').filter({ hasText: 'Предпросмотр' });
  await expect.poll(() => banner.count()).toBe(1);
  const labelTargets = () => page.locator('form label[for]').evaluateAll((labels) => labels.map((label) => label.getAttribute('for')));
  const before = await labelTargets();
  expect(before.length).toBeGreaterThan(0);
  await waitForHydration(page);
  await page.locator('form[data-interactive="true"]').first().waitFor();
  expect(await labelTargets()).toEqual(before);
  expect(await banner.locator('form').getAttribute('action')).toBe(`/api/preview/end?path=${encodeURIComponent(path)}`);
  expect(problems).toEqual([]);
  // Ending the preview is a POST from the banner's button, back to the page, published.
  await banner.getByRole('button', { name: 'Выйти из предпросмотра' }).click();
  await expect.poll(() => banner.count()).toBe(0);
  expect(new URL(page.url()).pathname).toBe(path);
  await context.close();
});
