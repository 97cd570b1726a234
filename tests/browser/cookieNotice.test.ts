import { expect, test } from 'vitest';
import { useSiteInBrowser, waitForHydration } from './browser.ts';

const site = useSiteInBrowser();

test('on a 360×740 phone the cookie notice, margins included, takes at most a fifth of the screen', async () => {
  const context = await site.browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto(`${site.server.url}/`);
  await waitForHydration(page);
  const notice = page.getByRole('region', { name: 'Уведомление о cookie' });
  await notice.waitFor();
  // Measured once its entrance animation is over.
  await notice.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
  const box = await notice.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right, width: window.innerWidth, height: window.innerHeight };
  });
  // On screen at the top of the page, at the bottom of the viewport, with its margin under it.
  expect(box.bottom).toBeLessThan(box.height);
  expect(box.height - box.top).toBeLessThanOrEqual(740 / 5);
  expect(box.left).toBeGreaterThanOrEqual(0);
  expect(box.right).toBeLessThanOrEqual(box.width);
  // The same words and the same way out.
  expect(await notice.textContent()).toContain('Мы используем файлы cookie');
  expect(await notice.getByRole('link', { name: 'правовой информации' }).getAttribute('href')).toBe('/documents/');
  await notice.getByRole('button', { name: 'Понятно' }).click();
  await notice.waitFor({ state: 'detached' });
  await context.close();
});
