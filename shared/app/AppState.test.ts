import { expect, test } from 'vitest';
import { CLOSED_MODAL, modalStateFor } from './AppState.tsx';
import { anchorFromUrl } from './useAnchorScroll.ts';
import { isHeaderFixed } from '../layout/useHeaderBehaviour.ts';

test('a closed modal has no form, title, description nor service type (§3)', () => {
  expect(CLOSED_MODAL).toEqual({
    isModalActive: false,
    activeFormName: null,
    activeFormTitle: null,
    activeFormDescription: null,
    activeFormServiceType: null,
  });
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
