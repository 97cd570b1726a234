import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { FEEDBACK_FORM_ID } from '../../shared/layout/feedbackWindow.ts';
import { isOwnedByReact, nextFrames, useSiteInBrowser, waitForHydration, watchConsole } from './browser.ts';

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

/** Closes the window with its own button and opens it again from the header's call-to-action. */
async function closeAndReopen(page: Page): Promise<void> {
  await feedbackWindow(page).getByRole('button', { name: 'Закрыть окно' }).click();
  await feedbackWindow(page).waitFor({ state: 'hidden' });
  await opener(page).click();
  await feedbackWindow(page).waitFor();
}
const ENTRY_FILE = /\/assets\/entry-[^/]+\.js$/;
const WINDOW_FORM = `#${FEEDBACK_FORM_ID}`;

/** `page` loads `pathname` with its first-load file held back until `release`: what it does meanwhile is without the code. */
async function loadWithEntryHeldBack(page: Page, pathname: string): Promise<() => void> {
  const { promise: released, resolve: release } = Promise.withResolvers<void>();
  await page.route(ENTRY_FILE, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(`${site.server.url}${pathname}`, { waitUntil: 'commit' });
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { timeout: 15_000 });
  return release;
}

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
  await closeAndReopen(page);
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

test('what was typed into the window before its form hydrated survives the hydration, closing and reopening, and is what the form sends', async () => {
  const { page, problems } = await phonePage(true);
  const release = await loadWithEntryHeldBack(page, '/about/');
  await page.locator('[data-cta="header"]').click();
  await feedbackWindow(page).waitFor();
  await field(page, 'Имя').fill('Анна');
  await field(page, 'Телефон').fill('+7 912 345-67-89');
  await field(page, 'Электронная почта').fill('anna@example.ru');
  await field(page, 'Расскажите о задаче').fill('Сайт для верфи');
  await feedbackWindow(page).getByRole('checkbox').check();
  release();
  await waitForHydration(page);
  expect(await isOwnedByReact(page, `${WINDOW_FORM} [name="name"]`)).toBe(true);
  // The field's next render (leaving it checks it, §5) shows the typed value, not the empty one of the server's HTML.
  await field(page, 'Имя').focus();
  await page.keyboard.press('Tab');
  await nextFrames(page);
  expect(await field(page, 'Имя').getAttribute('aria-invalid')).toBeNull();
  expect(await field(page, 'Имя').inputValue()).toBe('Анна');

  await closeAndReopen(page);
  expect(await field(page, 'Имя').inputValue()).toBe('Анна');
  expect(await field(page, 'Расскажите о задаче').inputValue()).toBe('Сайт для верфи');

  const sent = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/forms/request');
  await feedbackWindow(page).getByRole('button', { name: 'Отправить заявку' }).click();
  expect((await sent).postDataJSON()).toMatchObject({
    name: 'Анна',
    phone: '+7 912 345-67-89',
    email: 'anna@example.ru',
    message: 'Сайт для верфи',
    consent: true,
  });
  // The submit flow of the hydrated form: the stored request leads to its success page.
  await page.waitForURL(`${site.server.url}/success/request/`);
  await page.context().close();
  expect(problems).toEqual([]);
});

test("the window's form hydrates after the page, when the visitor first reaches for it, and then validates as before", async () => {
  const { page, problems } = await phonePage(true);
  // No idle moment ever comes: only the visitor's interaction opens the form's gate.
  await page.addInitScript(() => Object.assign(window, { requestIdleCallback: () => 0 }));
  await page.goto(`${site.server.url}/services/`);
  // The page's own request form is the same code, hydrated with the page.
  await page.locator(`form[data-lead-form="request"][data-interactive]:not(${WINDOW_FORM})`).waitFor({ timeout: 30_000 });
  await expect.poll(() => isOwnedByReact(page, '[data-feedback-window]'), { timeout: 30_000 }).toBe(true);
  await nextFrames(page);
  expect(await page.locator(`${WINDOW_FORM}[data-interactive]`).count()).toBe(0);
  expect(await isOwnedByReact(page, `${WINDOW_FORM} [name="name"]`)).toBe(false);

  await opener(page).click();
  await feedbackWindow(page).waitFor();
  await page.locator(`${WINDOW_FORM}[data-interactive]`).waitFor({ timeout: 30_000 });
  await field(page, 'Электронная почта').fill('не почта');
  await page.keyboard.press('Tab');
  await expect.poll(() => feedbackWindow(page).getByText('Введите корректный email адрес').isVisible()).toBe(true);
  expect(await field(page, 'Электронная почта').getAttribute('aria-invalid')).toBe('true');
  await page.context().close();
  expect(problems).toEqual([]);
});

test('opened by the app for a service before its form hydrated, the window shows that service chosen (§3)', async () => {
  const { page, problems } = await phonePage(true);
  await page.addInitScript(() => Object.assign(window, { requestIdleCallback: () => 0 }));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${site.server.url}/_ui_kit/`);
  const control = page.getByRole('button', { name: 'Заявка с типом услуги' });
  await expect.poll(() => isOwnedByReact(page, '[data-feedback-window]'), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => control.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps$')))).toBe(true);
  expect(await page.locator(`${WINDOW_FORM}[data-interactive]`).count()).toBe(0);
  // A click alone, no press or focus before it: the app's opening is what opens the form's gate.
  await control.dispatchEvent('click');
  const window = page.getByRole('dialog', { name: 'Заказать SEO-аудит' });
  await window.waitFor();
  await page.locator(`${WINDOW_FORM}[data-interactive]`).waitFor({ timeout: 30_000 });
  await expect.poll(() => window.getByRole('combobox', { name: /Услуга/ }).inputValue()).toBe('SEO');
  await page.context().close();
  expect(problems).toEqual([]);
});

/**
 * Whether the window's name field still has the props React last rendered it with when `keep` was
 * true: React gives an element new props each time it renders it.
 */
const nameFieldProps = (page: Page, keep: boolean) =>
  page.evaluate(
    ({ selector, keep }) => {
      const input = document.querySelector(selector) ?? {};
      const key = Object.keys(input).find((name) => name.startsWith('__reactProps$'));
      const props = key === undefined ? undefined : (input as Record<string, unknown>)[key];
      const kept = window as unknown as { __keptProps?: unknown };
      if (keep) kept.__keptProps = props;
      return props !== undefined && props === kept.__keptProps;
    },
    { selector: `${WINDOW_FORM} [name="name"]`, keep },
  );

test('opening and closing the hydrated window renders none of its fields again', async () => {
  const { page, problems } = await phonePage(true);
  await page.goto(`${site.server.url}/about/`);
  await waitForHydration(page);
  expect(await nameFieldProps(page, true)).toBe(true);
  await opener(page).click();
  await feedbackWindow(page).waitFor();
  // Open in the app too: focus has moved into the window.
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[data-feedback-window]') !== null)).toBe(true);
  await page.keyboard.press('Escape');
  await feedbackWindow(page).waitFor({ state: 'hidden' });
  await nextFrames(page);
  expect(await nameFieldProps(page, false)).toBe(true);
  await page.context().close();
  expect(problems).toEqual([]);
});
