import { afterEach, expect, test, vi } from 'vitest';
import { layout } from '../theme/theme.ts';
import { CLOSED_MODAL, createAppStateStore, modalStateFor } from './AppState.tsx';
import { anchorFromUrl } from '../app/useAnchorScroll.ts';
import { isHeaderFixed } from './useHeaderBehaviour.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A store with a listener that counts the changes it is told of. */
function watchedStore() {
  const store = createAppStateStore();
  const changes = vi.fn();
  const unsubscribe = store.subscribe(changes);
  return { store, changes, unsubscribe };
}

test('closing a modal forgets the form and the preset it was opened with, so the next one opens without them (§3)', () => {
  const { store, changes } = watchedStore();
  store.actions.openModal({ name: 'feedback', title: 'SEO-аудит', description: 'Ответим за день', serviceType: 'SEO' });
  expect(store.snapshot().modal).toEqual(
    modalStateFor({ name: 'feedback', title: 'SEO-аудит', description: 'Ответим за день', serviceType: 'SEO' }),
  );
  store.actions.closeModal();
  expect(store.snapshot().modal).toEqual(CLOSED_MODAL);
  expect(store.snapshot().modal.activeFormTitle).toBeNull();
  store.actions.openModal({ name: 'internship' });
  expect(store.snapshot().modal).toEqual(modalStateFor({ name: 'internship' }));
  expect(store.snapshot().modal.activeFormServiceType).toBeNull();
  expect(changes).toHaveBeenCalledTimes(3);
});

test('a store starts with the modal and the burger menu closed and the default header height (§3)', () => {
  const { store } = watchedStore();
  expect(store.snapshot()).toEqual({ headerHeight: layout.headerDefaultHeight, modal: CLOSED_MODAL, isBurgerOpen: false });
  // Each tab (each provider) has its own state: opening the burger menu in one leaves another closed.
  const other = createAppStateStore();
  store.actions.setBurgerOpen(true);
  expect(store.snapshot().isBurgerOpen).toBe(true);
  expect(other.snapshot().isBurgerOpen).toBe(false);
});

test('a change makes a new snapshot and tells the listeners; setting what is already there does neither (§4)', () => {
  const { store, changes, unsubscribe } = watchedStore();
  const closed = store.snapshot();
  store.actions.setBurgerOpen(false);
  expect(store.snapshot()).toBe(closed);
  expect(changes).not.toHaveBeenCalled();

  store.actions.setBurgerOpen(true);
  const open = store.snapshot();
  expect(open).not.toBe(closed);
  expect(open.isBurgerOpen).toBe(true);
  expect(closed.isBurgerOpen).toBe(false);
  store.actions.setBurgerOpen(true);
  expect(store.snapshot()).toBe(open);
  expect(changes).toHaveBeenCalledTimes(1);

  unsubscribe();
  store.actions.setBurgerOpen(false);
  expect(store.snapshot().isBurgerOpen).toBe(false);
  expect(changes).toHaveBeenCalledTimes(1);
});

test('the measured header height is kept and mirrored into --header-height; a non-positive or unreadable one is ignored (§3)', () => {
  const setProperty = vi.fn();
  vi.stubGlobal('document', { documentElement: { style: { setProperty } } });
  const { store, changes } = watchedStore();
  for (const height of [0, -10, Number.NaN, Number.POSITIVE_INFINITY, layout.headerDefaultHeight]) store.actions.setHeaderHeight(height);
  expect(store.snapshot().headerHeight).toBe(layout.headerDefaultHeight);
  expect(setProperty).not.toHaveBeenCalled();
  expect(changes).not.toHaveBeenCalled();

  store.actions.setHeaderHeight(64);
  expect(store.snapshot().headerHeight).toBe(64);
  expect(setProperty).toHaveBeenCalledExactlyOnceWith('--header-height', '64px');
  expect(changes).toHaveBeenCalledTimes(1);
});

test('opening a modal records its form, optional title, description and service type (§3)', () => {
  expect(modalStateFor({ name: 'internship' })).toEqual({
    isModalActive: true,
    activeFormName: 'internship',
    activeFormTitle: null,
    activeFormDescription: null,
    activeFormServiceType: null,
  });
  expect(modalStateFor({ name: 'feedback', title: 'SEO-аудит', description: 'Ответим за день', serviceType: 'SEO' })).toEqual({
    isModalActive: true,
    activeFormName: 'feedback',
    activeFormTitle: 'SEO-аудит',
    activeFormDescription: 'Ответим за день',
    activeFormServiceType: 'SEO',
  });
});

test('the header is fixed from 85 px of scroll, not at 84 (§4, §9)', () => {
  expect(isHeaderFixed(84)).toBe(false);
  expect(isHeaderFixed(85)).toBe(true);
});

test('element_anchor_id wins over the hash, and a bare # is no anchor (§5)', () => {
  expect(anchorFromUrl('?element_anchor_id=tariffs', '#internship')).toBe('tariffs');
  expect(anchorFromUrl('', '#internship')).toBe('internship');
  expect(anchorFromUrl('', '#')).toBeNull();
  expect(anchorFromUrl('?utm_source=vc', '')).toBeNull();
});
