import { expect, test } from 'vitest';
import { watchLeaving } from './leavingPage.ts';

/** A window with the Navigation API (Chromium, Firefox 147+) or without it. */
function fakeWindow(withNavigation: boolean) {
  const navigation = new EventTarget();
  const target = Object.assign(new EventTarget(), withNavigation ? { navigation } : {});
  const navigate = (sameDocument: boolean) =>
    navigation.dispatchEvent(Object.assign(new Event('navigate'), { destination: { sameDocument } }));
  return { target: target as unknown as Window, navigation, navigate };
}

test('a navigation to another document marks the page as being left; one inside it (the app’s) does not', () => {
  const { target, navigate } = fakeWindow(true);
  const watch = watchLeaving(target);
  navigate(true);
  expect(watch.leaving()).toBe(false);
  navigate(false);
  expect(watch.leaving()).toBe(true);
  watch.stop();
});

test('a navigation that did not happen, or a return from the back/forward cache, ends the leaving', () => {
  const { target, navigation, navigate } = fakeWindow(true);
  const watch = watchLeaving(target);
  navigate(false);
  navigation.dispatchEvent(new Event('navigateerror'));
  expect(watch.leaving()).toBe(false);
  navigate(false);
  target.dispatchEvent(new Event('pageshow'));
  expect(watch.leaving()).toBe(false);
  watch.stop();
});

test("beforeunload marks the page as being left: a navigation from the browser's own interface, or no Navigation API", () => {
  for (const withNavigation of [true, false]) {
    const { target } = fakeWindow(withNavigation);
    const watch = watchLeaving(target);
    expect(watch.leaving()).toBe(false);
    target.dispatchEvent(new Event('beforeunload'));
    expect(watch.leaving()).toBe(true);
    watch.stop();
    target.dispatchEvent(new Event('pageshow'));
    expect(watch.leaving()).toBe(true);
  }
});
