import vm from 'node:vm';
import { expect, test } from 'vitest';
import { HEAD_SCRIPT, TAP_FALLBACK_MS } from './headScript.ts';

/** A control of the page as the script sees it: its attributes, and what `click()` does. */
class FakeElement {
  readonly attributes = new Map<string, string>();
  clicks = 0;
  constructor(attributes: Record<string, string>) {
    for (const [name, value] of Object.entries(attributes)) this.attributes.set(name, value);
  }
  hasAttribute(name: string) {
    return this.attributes.has(name);
  }
  getAttribute(name: string) {
    return this.attributes.get(name) ?? null;
  }
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  removeAttribute(name: string) {
    this.attributes.delete(name);
  }
  /** The script asks only for `[attribute]` selectors. */
  closest(selector: string) {
    const attribute = selector.slice(1, -1);
    return selector === `[${attribute}]` && this.hasAttribute(attribute) ? this : null;
  }
  click() {
    this.clicks += 1;
  }
}

/** Runs the head script against a stand-in document; returns a way to click and the pending timers. */
function load() {
  const root = new FakeElement({});
  const listeners: Array<(event: unknown) => void> = [];
  const timers: Array<() => void> = [];
  const window: Record<string, unknown> = {};
  const context = vm.createContext({
    window,
    Element: FakeElement,
    setTimeout: (run: () => void, ms: number) => {
      expect(ms).toBe(TAP_FALLBACK_MS);
      timers.push(run);
    },
    document: {
      documentElement: root,
      addEventListener: (type: string, listener: (event: unknown) => void, capture: boolean) => {
        expect([type, capture]).toEqual(['click', true]);
        listeners.push(listener);
      },
    },
  });
  vm.runInContext(HEAD_SCRIPT, context);
  const click = (target: FakeElement, modifiers: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) => {
    const event = { target, button: 0, ...modifiers, prevented: false, stopped: false };
    Object.assign(event, {
      preventDefault: () => (event.prevented = true),
      stopImmediatePropagation: () => (event.stopped = true),
    });
    listeners.forEach((listener) => listener(event));
    return event;
  };
  return { root, window, click, timers };
}

test('a tap on a control whose code has not arrived is kept, marked pending and kept from other listeners', () => {
  const { root, window, click } = load();
  const burger = new FakeElement({ 'data-tap': 'burger' });
  const event = click(burger);
  expect(event).toMatchObject({ prevented: true, stopped: true });
  expect(window.__pendingTap).toBe(burger);
  expect(root.getAttribute('data-pending-tap')).toBe('burger');
});

test('a tap on a live control, on anything else, or with a modifier key keeps its native meaning', () => {
  const { window, click } = load();
  expect(click(new FakeElement({ 'data-tap': 'cta', 'data-live': '' }))).toMatchObject({ prevented: false });
  expect(click(new FakeElement({}))).toMatchObject({ prevented: false });
  expect(click(new FakeElement({ 'data-tap': 'cta' }), { ctrlKey: true })).toMatchObject({ prevented: false });
  expect(window.__pendingTap).toBeUndefined();
});

test('a kept tap whose code never arrives is followed natively, and later taps are native', () => {
  const { root, window, click, timers } = load();
  const cta = new FakeElement({ 'data-tap': 'cta' });
  click(cta);
  timers.forEach((run) => run());
  expect(cta.clicks).toBe(1);
  expect(window.__pendingTap).toBeNull();
  expect(root.hasAttribute('data-pending-tap')).toBe(false);
  expect(click(new FakeElement({ 'data-tap': 'burger' }))).toMatchObject({ prevented: false });
});

test('a kept tap replayed in time is not followed natively as well', () => {
  const { window, click, timers } = load();
  const burger = new FakeElement({ 'data-tap': 'burger' });
  click(burger);
  window.__pendingTap = null; // what useTapReplay does when the control hydrates
  timers.forEach((run) => run());
  expect(burger.clicks).toBe(0);
});

test('a click on a goal element before analytics has started is noted once, and not after it has started', () => {
  const { window, click } = load();
  const burger = new FakeElement({ 'data-goal': 'NEW-Shapka-Klik-na-burger-menyu' });
  expect(click(burger)).toMatchObject({ prevented: false, stopped: false });
  expect(window.__goals).toEqual(['NEW-Shapka-Klik-na-burger-menyu']);
  // A kept tap is counted on its replay, not here.
  click(new FakeElement({ 'data-tap': 'cta', 'data-goal': 'NEW-Shapka-Klik-na-obsudit-proekt' }));
  expect(window.__goals).toEqual(['NEW-Shapka-Klik-na-burger-menyu']);
  delete window.__goals; // what startAnalytics does when it counts them
  click(burger);
  expect(window.__goals).toBeUndefined();
});
