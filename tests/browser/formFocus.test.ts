import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, expect, onTestFinished, test } from 'vitest';
import { FORMS } from '../../shared/forms/definitions.ts';
import { FORM_MESSAGES, VALIDATION_MESSAGES } from '../../shared/forms/messages.ts';
import { pageTypes } from '../support/pageTypes.ts';
import { nextFrames, useSiteInBrowser, waitForHydration, watchConsole } from './browser.ts';

/**
 * Forms as people use them (decision 039): a failed submit moves the focus to the first field in
 * error and says what to fix in a live region; a sent request puts the focus on its message;
 * nothing moves under the pointer between press and release; the consent link reads at WCAG AA.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'leads-form-focus-'));
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});
// Playwright fills a form faster than a person: the minimum fill time is off here.
const site = useSiteInBrowser({ LEADS_DATA_DIR: dataDir, FORMS_MIN_FILL_SECONDS: '0', FORMS_RATE_LIMIT: '1000' });
// A ceiling for a hang, not a measurement: a loaded machine may take seconds to commit a render.
const SETTLED = { timeout: 15_000 };

// Not the feedback window's copy of the request form (closed in every page below 1280 px, decision 041).
const form = (page: Page, name = 'request') => page.locator(`form[data-lead-form="${name}"]:not(#feedback-window-form)`);
const control = (page: Page, name: string, formName = 'request') => form(page, formName).locator(`[name="${name}"]`).first();
const focusedName = (page: Page) => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? null);

async function open(page: Page, url: string): Promise<void> {
  await page.goto(`${site.server.url}${url}`);
  await waitForHydration(page);
}

/** A page whose visitor has answered the cookie notice (decision 022): the fixed notice covers no control pressed here. */
async function newPage(): Promise<Page> {
  const context = await site.browser.newContext();
  onTestFinished(() => context.close());
  await context.addCookies([{ name: 'cookies-accepted', value: 'true', url: site.server.url }]);
  return context.newPage();
}

test('a failed submit moves the focus to the first field in error and a live region says what to fix', async () => {
  const page = await newPage();
  const problems = watchConsole(page);
  await open(page, '/request/');
  await control(page, 'phone').fill('+7 912 345-67-89');
  await form(page).locator('button[type="submit"]').click();
  await expect.poll(() => focusedName(page), SETTLED).toBe('name');
  const summary = form(page).locator('[data-error-summary]');
  expect(await summary.getAttribute('role')).toBe('alert');
  await expect.poll(() => summary.textContent(), SETTLED).toContain(FORM_MESSAGES.fixErrors);
  const lines = await summary.locator('li').allTextContents();
  const fields = FORMS.request.fields;
  expect(lines).toEqual([
    `${fields.name!.label}: ${VALIDATION_MESSAGES.required}`,
    `${fields.email!.label}: ${VALIDATION_MESSAGES.required}`,
    `${fields.consent!.label}: ${VALIDATION_MESSAGES['required-true']}`,
  ]);
  // Each line leads to its field.
  await summary.getByRole('link', { name: new RegExp(`^${fields.email!.label}`) }).click();
  await expect.poll(() => focusedName(page), SETTLED).toBe('email');
  expect(problems).toEqual([]);
});

test('without JavaScript the page a failed post returns to has the same summary, naming what to fix', async () => {
  const context = await site.browser.newContext({ javaScriptEnabled: false });
  onTestFinished(() => context.close());
  const page = await context.newPage();
  await page.goto(`${site.server.url}/request/`);
  await control(page, 'name').fill('Без Скриптов');
  await control(page, 'phone').fill('89123456789');
  await control(page, 'email').fill('не почта');
  await control(page, 'consent').check();
  await form(page).getByRole('button', { name: 'Отправить заявку' }).click();
  await page.waitForURL(/#request-form-result$/);
  const summary = page.locator('#request-form-result');
  expect(await summary.getAttribute('role')).toBe('alert');
  expect(await summary.locator('p').textContent()).toBe(FORM_MESSAGES.fixErrors);
  expect(await summary.locator('li').allTextContents()).toEqual([`${FORMS.request.fields.email!.label}: ${VALIDATION_MESSAGES.email}`]);
});

test('after a valid request the focus is on the success message, not on the page', async () => {
  const page = await newPage();
  await open(page, '/request/');
  await control(page, 'name').fill('Иван Петров');
  await control(page, 'phone').fill('+7 912 345-67-89');
  await control(page, 'email').fill('ivan@example.ru');
  await control(page, 'consent').check();
  await form(page).locator('button[type="submit"]').click();
  await page.waitForURL(`${site.server.url}/success/request/`);
  await expect.poll(() => page.evaluate(() => document.activeElement?.hasAttribute('data-success-message') ?? false), SETTLED).toBe(true);
});

const boxOf = async (locator: Locator) => {
  const box = await locator.boundingBox();
  if (box === null) throw new Error('the control is not displayed');
  return box;
};

/** The control's box once two frames apart agree: no scroll or transition is moving it. */
async function settledBox(page: Page, locator: Locator) {
  let last = await boxOf(locator);
  for (;;) {
    await nextFrames(page);
    const now = await boxOf(locator);
    if (JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
  }
}

test('leaving a field by pressing the consent checkbox moves nothing under the pointer: the click lands', async () => {
  const page = await newPage();
  await open(page, '/request/');
  await form(page).locator('button[type="submit"]').click();
  await expect.poll(() => focusedName(page), SETTLED).toBe('name');
  for (const [name, value] of [
    ['name', 'Иван Петров'],
    ['phone', '+7 912 345-67-89'],
  ] as const) {
    await control(page, name).fill(value);
  }
  // The last field before the checkbox still shows its error; typing fixes it, the press leaves it.
  const email = control(page, 'email');
  await email.focus();
  await email.fill('ivan@example.ru');
  const consent = control(page, 'consent');
  // In the middle of the viewport, clear of the fixed header, at once: the page scrolls smoothly
  // while a field has the focus (globalStyles.ts), and a scroll still running under the pointer
  // would carry the checkbox away whatever the form does.
  await consent.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
  const before = await settledBox(page, consent);
  const centre = { x: before.x + before.width / 2, y: before.y + before.height / 2 };
  expect(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.getAttribute('name'), centre)).toBe('consent');
  await page.mouse.move(centre.x, centre.y);
  await page.mouse.down();
  await nextFrames(page);
  await nextFrames(page);
  expect(await boxOf(consent)).toEqual(before);
  await page.mouse.up();
  await expect.poll(() => consent.isChecked(), SETTLED).toBe(true);
  // The error went away once the pointer was released.
  await expect.poll(() => email.getAttribute('aria-invalid'), SETTLED).toBeNull();
});

/** The consent link's text colour and the colour behind it, as the browser computes them, and their WCAG contrast ratio. */
async function consentLinkContrast(page: Page, formName: string): Promise<{ ratio: number; color: string; background: string }> {
  const link = form(page, formName).getByRole('link', { name: 'политикой обработки персональных данных' });
  return link.evaluate((element) => {
    const parse = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
    };
    const color = getComputedStyle(element).color;
    // The first opaque background from the link up: what the text is read against.
    let background = 'rgb(255, 255, 255)';
    for (let node: Element | null = element; node !== null; node = node.parentElement) {
      const value = getComputedStyle(node).backgroundColor;
      const [, , , alpha = 1] = parse(value);
      if (value !== 'transparent' && alpha > 0) {
        background = value;
        break;
      }
    }
    const [light, dark] = [luminance(parse(color)), luminance(parse(background))].sort((a, b) => b - a);
    return { ratio: (light! + 0.05) / (dark! + 0.05), color, background };
  });
}

test('the consent link reads at WCAG AA contrast in every form: home, a service page, /request/ and the internship on /career/', async () => {
  const types = pageTypes();
  const service = types.find((type) => type.name === 'a service page')!.path;
  const page = await newPage();
  for (const [url, formName] of [
    ['/', 'request'],
    [service, 'request'],
    ['/request/', 'request'],
    ['/career/', 'internship'],
  ] as const) {
    await open(page, url);
    const contrast = await consentLinkContrast(page, formName);
    expect(contrast.ratio, `${url}: ${contrast.color} on ${contrast.background}`).toBeGreaterThanOrEqual(4.5);
  }
});

test('the fill time a form sends counts from the page being shown, not from the form mounting', async () => {
  const page = await newPage();
  await open(page, '/request/');
  // How long the page had been shown before the visitor started; an autofill takes no time at all.
  const shownBefore = await page.evaluate(() => performance.now());
  await control(page, 'name').fill('Иван Петров');
  await control(page, 'phone').fill('+7 912 345-67-89');
  await control(page, 'email').fill('ivan@example.ru');
  await control(page, 'consent').check();
  const [post] = await Promise.all([
    page.waitForRequest((sent) => sent.method() === 'POST' && sent.url().endsWith('/api/forms/request')),
    form(page).locator('button[type="submit"]').click(),
  ]);
  const sent = post.postDataJSON() as { _fillMs: number };
  expect(sent._fillMs).toBeGreaterThanOrEqual(Math.floor(shownBefore));
  await page.waitForURL(`${site.server.url}/success/request/`);
});
