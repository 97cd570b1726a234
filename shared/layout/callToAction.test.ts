import { expect, test } from 'vitest';
import { callToActionAction, callToActionFeedbackWindow, callToActionHref, callToActionLabel } from './callToAction.ts';

const desktop = 1440;
const phone = 375;

test('the call-to-action says «Подпишись» with «Будь в курсе новых статей» on the success-request page', () => {
  expect(callToActionLabel('success-request')).toEqual({ label: 'Подпишись', secondaryLabel: 'Будь в курсе новых статей' });
});

test('the call-to-action says «Начать карьеру» on career and «Порекомендовать» on referral', () => {
  expect(callToActionLabel('career')).toEqual({ label: 'Начать карьеру' });
  expect(callToActionLabel('referral')).toEqual({ label: 'Порекомендовать' });
});

test('anywhere else the call-to-action says «Обсудить проект» with «Просто заполните форму»', () => {
  for (const route of [undefined, 'subscribe'] as const) {
    expect(callToActionLabel(route)).toEqual({ label: 'Обсудить проект', secondaryLabel: 'Просто заполните форму' });
  }
});

test('on career the header button scrolls to the internship block and the burger menu button opens the internship modal', () => {
  expect(callToActionAction({ route: 'career', viewportWidth: desktop, fromBurger: false })).toMatchObject({
    kind: 'scroll',
    anchor: 'internship',
  });
  expect(callToActionAction({ route: 'career', viewportWidth: phone, fromBurger: false })).toMatchObject({
    kind: 'scroll',
    anchor: 'internship',
  });
  expect(callToActionAction({ route: 'career', viewportWidth: desktop, fromBurger: true })).toEqual({ kind: 'modal', form: 'internship' });
});

test('success-request scrolls to subscribe-email and referral to referral-section at any width', () => {
  for (const viewportWidth of [phone, desktop]) {
    expect(callToActionAction({ route: 'success-request', viewportWidth, fromBurger: false })).toMatchObject({
      kind: 'scroll',
      anchor: 'subscribe-email',
    });
    expect(callToActionAction({ route: 'referral', viewportWidth, fromBurger: false })).toMatchObject({
      kind: 'scroll',
      anchor: 'referral-section',
    });
  }
});

test('the subscribe page opens the feedback modal at any width', () => {
  expect(callToActionAction({ route: 'subscribe', viewportWidth: desktop, fromBurger: false })).toEqual({
    kind: 'modal',
    form: 'feedback',
  });
  expect(callToActionAction({ route: 'subscribe', viewportWidth: phone, fromBurger: false })).toEqual({ kind: 'modal', form: 'feedback' });
});

test('elsewhere from 1280 px it scrolls to discuss-the-project, or goes to /#discuss-the-project where the block is missing', () => {
  expect(callToActionAction({ route: undefined, viewportWidth: 1280, fromBurger: false })).toEqual({
    kind: 'scroll',
    anchor: 'discuss-the-project',
    fallback: { kind: 'navigate', to: '/#discuss-the-project' },
  });
});

test('elsewhere below 1280 px it opens the feedback modal', () => {
  expect(callToActionAction({ route: undefined, viewportWidth: 1279, fromBurger: false })).toEqual({ kind: 'modal', form: 'feedback' });
  expect(callToActionAction({ route: undefined, viewportWidth: phone, fromBurger: true })).toEqual({ kind: 'modal', form: 'feedback' });
});

test('without JavaScript the call-to-action leads to the block it scrolls to, else to the request form', () => {
  expect(callToActionHref('career')).toBe('/career/#internship');
  expect(callToActionHref('success-request')).toBe('/success/request/#subscribe-email');
  expect(callToActionHref('referral')).toBe('/referral/#referral-section');
  expect(callToActionHref('subscribe')).toBe('/request/#discuss-the-project');
  expect(callToActionHref(undefined)).toBe('/request/#discuss-the-project');
});

test('the call-to-action opens the feedback window natively below 1280 px where §4 opens the feedback modal, on subscribe at every width, and nowhere on career, success-request and referral', () => {
  expect(callToActionFeedbackWindow(undefined)).toBe('below-desktop');
  expect(callToActionFeedbackWindow('subscribe')).toBe('always');
  for (const route of ['career', 'success-request', 'referral'] as const) expect(callToActionFeedbackWindow(route)).toBe('never');
});
