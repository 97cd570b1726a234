import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { useSiteInBrowser, waitForHydration, watchConsole } from './browser.ts';

// The feedback window of §4 as a server-rendered popover (docs/decisions/041).
const site = useSiteInBrowser();

const PHONE = { width: 390, height: 844 } as const;

async function phonePage(javaScriptEnabled: boolean): Promise<{ page: Page; problems: string[] }> {
  const context = await site.browser.newContext({ viewport: PHONE, javaScriptEnabled });
  await context.addCookies([{ name: 'cookies-accepted', value: 'true', url: site.server.url }]);
  const page = await context.newPage();
  return { page, problems: watchConsole(page) };
}

const feedbackWindow = (page: Page) => page.getByRole('dialog', { name: 'Обсудить проект' });
const field = (page: Page, label: string) => feedbackWindow(page).getByLabel(label, { exact: false }).first();
const opener = (page: Page) => page.locator('[data-cta="header"] [data-cta-window]');

test('at 390 px without JavaScript the call-to-action opens the window with its whole form, and the form posts', async () => {
  const { page } = await phonePage(false);
  await page.goto(`${site.server.url}/services/`);
  expect(await feedbackWindow(page).isVisible()).toBe(false);
  await page.locator('[data-cta="header"]').click();
  await feedbackWindow(page).waitFor();
  for (const label of ['Имя', 'Телефон', 'Расскажите о задаче']) expect(await field(page, label).isVisible()).toBe(true);
  // The link of the wide screens is not what the tap reached: the page is where it was.
  expect(new URL(page.url()).pathname).toBe('/services/');

  await field(page, 'Имя').fill('Без Скриптов');
  await feedbackWindow(page).getByRole('button', { name: 'Отправить заявку' }).click();
  // Not accepted (no phone, no consent): the request page shows the errors, with what was typed.
  await page.waitForURL(/\/request\/\?_result=[0-9a-f-]{36}#request-form-result$/);
  const pageForm = page.locator('main form[data-lead-form="request"]');
  expect(await pageForm.getByLabel('Имя', { exact: false }).first().inputValue()).toBe('Без Скриптов');
  expect(await feedbackWindow(page).isVisible()).toBe(false);
  await page.context().close();
});

test('at 1280 px the call-to-action is still the link to the discuss-the-project block', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${site.server.url}/services/`);
  expect(await opener(page).isVisible()).toBe(false);
  expect(await page.locator('[data-cta="header"] [data-cta-link]').getAttribute('href')).toBe('/request/#discuss-the-project');
  await context.close();
});

test('at 390 px with JavaScript the window opens with its fields, and what was typed survives closing and reopening', async () => {
  const { page, problems } = await phonePage(true);
  await page.goto(`${site.server.url}/services/`);
  await waitForHydration(page);
  await opener(page).click();
  await feedbackWindow(page).waitFor();
  await field(page, 'Имя').fill('Анна');
  await field(page, 'Расскажите о задаче').fill('Сайт для верфи');
  await feedbackWindow(page).getByRole('button', { name: 'Закрыть окно' }).click();
  await feedbackWindow(page).waitFor({ state: 'hidden' });
  await opener(page).click();
  await feedbackWindow(page).waitFor();
  expect(await field(page, 'Имя').inputValue()).toBe('Анна');
  expect(await field(page, 'Расскажите о задаче').inputValue()).toBe('Сайт для верфи');
  await page.context().close();
  expect(problems).toEqual([]);
});

test('Escape and a click beside the panel close the window, keep what was typed and give focus back to the button that opened it', async () => {
  const { page, problems } = await phonePage(true);
  await page.goto(`${site.server.url}/`);
  await waitForHydration(page);
  const isOpenerFocused = () => page.evaluate(() => document.activeElement?.matches('[data-cta="header"] [data-cta-window]') ?? false);

  await opener(page).click();
  await feedbackWindow(page).waitFor();
  await field(page, 'Имя').fill('Пётр');
  await page.keyboard.press('Escape');
  await feedbackWindow(page).waitFor({ state: 'hidden' });
  await expect.poll(isOpenerFocused).toBe(true);

  await opener(page).click();
  await feedbackWindow(page).waitFor();
  expect(await field(page, 'Имя').inputValue()).toBe('Пётр');
  await field(page, 'Имя').focus();
  // On a phone the panel fills the screen; on a tablet the backdrop shows around it.
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.mouse.click(4, 4);
  await feedbackWindow(page).waitFor({ state: 'hidden' });
  await expect.poll(isOpenerFocused).toBe(true);
  await opener(page).click();
  await feedbackWindow(page).waitFor();
  expect(await field(page, 'Имя').inputValue()).toBe('Пётр');
  await page.context().close();
  expect(problems).toEqual([]);
});
