import { expect, test } from 'vitest';
import { addressAsTyped } from './emailAddress.ts';

test('an address at a domain in its ASCII form reads as the visitor typed it', () => {
  expect(addressAsTyped('ivan@xn--80a1acny.xn--p1ai')).toBe('ivan@почта.рф');
  expect(addressAsTyped('ivan@почта.xn--p1ai')).toBe('ivan@почта.рф');
  expect(addressAsTyped('Ivan@XN--80A1ACNY.XN--P1AI')).toBe('Ivan@почта.рф');
});

test('any other address is kept as it came', () => {
  expect(addressAsTyped('ivan@example.ru')).toBe('ivan@example.ru');
  expect(addressAsTyped('anna@почта.рф')).toBe('anna@почта.рф');
  expect(addressAsTyped('не почта')).toBe('не почта');
});
