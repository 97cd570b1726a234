import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { loadSeed } from '../../server/platform/content/service/loadSeed.ts';
import { pageTypes } from '../support/pageTypes.ts';
import { axeViolations } from './axe.ts';
import { resizeTo, useSiteInBrowser, waitForHydration } from './browser.ts';

const site = useSiteInBrowser();
const SEED = loadSeed();
const PAGE_TYPES = pageTypes(SEED);
/** The first published article with a Markdown table. */
const ARTICLE_WITH_TABLE = SEED.articles.find((article) => !article.draft && article.body.includes('|---'));

async function open(pathname: string, width: number): Promise<Page> {
  const context = await site.browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
  await context.addCookies([{ name: 'cookies-accepted', value: 'true', url: site.server.url }]);
  const page = await context.newPage();
  await page.goto(`${site.server.url}${pathname}`);
  await waitForHydration(page);
  return page;
}

test.each([...PAGE_TYPES, { name: 'an article with a table', path: `/material/blog/${ARTICLE_WITH_TABLE?.slug ?? ''}/` }])(
  'axe finds no violations on $name ($path) at 375 and 1440 px',
  async ({ path }) => {
    const page = await open(path, 375);
    expect(await axeViolations(page), '375 px').toEqual([]);
    await resizeTo(page, 1440);
    expect(await axeViolations(page), '1440 px').toEqual([]);
    await page.context().close();
  },
);

test("an article's wide table scrolls in a named region that the keyboard reaches", async () => {
  if (ARTICLE_WITH_TABLE === undefined) throw new Error('the seed has no article with a table');
  const page = await open(`/material/blog/${ARTICLE_WITH_TABLE.slug}/`, 375);
  const region = page.getByRole('region', { name: 'Таблица' });
  expect(await region.count()).toBe(1);
  expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await region.evaluate((element) => element.previousElementSibling?.setAttribute('tabindex', '-1'));
  await region.evaluate((element) => (element.previousElementSibling as HTMLElement | null)?.focus());
  await page.keyboard.press('Tab');
  expect(await region.evaluate((element) => element === document.activeElement)).toBe(true);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  await page.context().close();
});

test('the navigation landmarks of /projects/ have distinct names', async () => {
  const page = await open('/projects/', 1440);
  const names = await page
    .getByRole('navigation')
    .evaluateAll((navs) =>
      navs.map((nav) => nav.getAttribute('aria-label') ?? document.getElementById(nav.getAttribute('aria-labelledby') ?? '')?.textContent),
    );
  expect(names.length).toBeGreaterThan(2);
  expect(new Set(names).size).toBe(names.length);
  await page.context().close();
});

test('a long client name wraps inside its card on the home page at 768, 1024 and 1440 px whatever the font', async () => {
  const page = await open('/', 768);
  // Wider than any font sets «СеверТрансЛогистик»: a longer word, wider letters.
  const cards = page.getByRole('listitem').filter({ hasText: 'СеверТрансЛогистик' });
  expect(await cards.count()).toBe(1);
  await cards.evaluate((card) => {
    card.textContent = 'СеверТрансЛогистикСеверТрансЛогистик';
    card.style.letterSpacing = '0.3em';
  });
  for (const width of [768, 1024, 1440]) {
    await resizeTo(page, width);
    expect(await cards.evaluate((card) => card.scrollWidth <= card.clientWidth), `${width} px`).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), `${width} px`).toBe(
      true,
    );
  }
  await page.context().close();
});
