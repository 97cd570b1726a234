import { expect, test } from 'vitest';
import { installMetrikaQueue, METRIKA_LOAD_DELAY_MS, metrikaLoadDelay } from './metrikaTag.ts';

const navigatorWith = (connection?: object) => ({ connection }) as unknown as Navigator;

test('the tag waits 1 s unless the connection is very slow or saving data', () => {
  expect(metrikaLoadDelay(navigatorWith())).toBe(METRIKA_LOAD_DELAY_MS);
  expect(metrikaLoadDelay(navigatorWith({ effectiveType: '4g' }))).toBe(1000);
  expect(metrikaLoadDelay(navigatorWith({ effectiveType: 'slow-2g' }))).toBe(0);
  expect(metrikaLoadDelay(navigatorWith({ effectiveType: '2g' }))).toBe(0);
  expect(metrikaLoadDelay(navigatorWith({ effectiveType: '3g', saveData: true }))).toBe(0);
});

test('calls made before the tag loads are queued for it, and an existing ym is kept', () => {
  const win = {} as Window;
  const ym = installMetrikaQueue(win);
  ym(1, 'init', {});
  ym(1, 'hit', '/about/');
  expect((ym as unknown as { a: unknown[][] }).a).toEqual([
    [1, 'init', {}],
    [1, 'hit', '/about/'],
  ]);
  expect(installMetrikaQueue(win)).toBe(ym);
});
