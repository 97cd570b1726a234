import { expect, test } from 'vitest';
import { useSiteInBrowser, waitForHydration, watchConsole } from './browser.ts';

const site = useSiteInBrowser();

test('home page cards below the fold enter with an animation when scrolled into view', async () => {
  const page = await site.browser.newPage({ viewport: { width: 1440, height: 900 } });
  const problems = watchConsole(page);
  await page.goto(`${site.server.url}/`);
  await waitForHydration(page);
  const lastArticle = page.locator('li[data-reveal]').last();
  await expect.poll(() => lastArticle.getAttribute('data-reveal')).toBe('hidden');
  await lastArticle.scrollIntoViewIfNeeded();
  await expect.poll(() => lastArticle.getAttribute('data-reveal')).toBe('shown');
  expect(problems).toEqual([]);
  await page.close();
});

test('with reduced motion nothing is hidden or animated', async () => {
  const context = await site.browser.newContext({ reducedMotion: 'reduce', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${site.server.url}/`);
  await waitForHydration(page);
  const states = await page.locator('li[data-reveal]').evaluateAll((items) => items.map((item) => item.getAttribute('data-reveal')));
  expect(states.length).toBeGreaterThan(0);
  expect(new Set(states)).toEqual(new Set(['static']));
  await context.close();
});
