import { expect, test } from 'vitest';
import { claimReload } from './reloadGuard.ts';
import { RELOAD_GUARD_KEY, RELOAD_GUARD_MS } from '../../shared/browser/freshnessTimings.ts';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value) };
}

test('the first forced reload is allowed and remembered in session storage', () => {
  const storage = memoryStorage();
  expect(claimReload(storage, 50_000)).toBe(true);
  expect(storage.data.get(RELOAD_GUARD_KEY)).toBe('50000');
});

test('a second reload within 10 seconds is refused so a broken deploy cannot loop', () => {
  const storage = memoryStorage();
  claimReload(storage, 50_000);
  expect(claimReload(storage, 50_000 + RELOAD_GUARD_MS - 1)).toBe(false);
  expect(claimReload(storage, 50_000 + RELOAD_GUARD_MS)).toBe(true);
});

test('without session storage no reload is ever forced', () => {
  expect(claimReload(undefined, 1)).toBe(false);
  const throwing = {
    getItem: () => {
      throw new Error('denied');
    },
    setItem: () => undefined,
  };
  expect(claimReload(throwing, 1)).toBe(false);
});
