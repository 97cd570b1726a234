import { expect, test } from 'vitest';
import { formatPriceFrom, formatSalary } from './money.ts';
import { formatReadingTime } from './readingTime.ts';
import { formatArticleDate, formatRelativeToNow, isoDate } from './russianDates.ts';
import { plural } from './russianPlural.ts';

test('an article date is printed as dd MMM yyyy in Russian', () => {
  expect(formatArticleDate('2026-03-04')).toBe('04 мар. 2026');
  expect(formatArticleDate('2025-11-20')).toBe('20 нояб. 2025');
  expect(isoDate('2025-11-20')).toBe('2025-11-20');
});

test('relative time reads in Russian words against the given moment', () => {
  const now = new Date('2026-11-23T12:00:00');
  expect(formatRelativeToNow('2026-11-20', now)).toBe('3 дня назад');
  expect(formatRelativeToNow('2026-09-01', now)).toBe('2 месяца назад');
  expect(formatRelativeToNow('2026-11-23', now)).toBe('сегодня');
});

test("dates are read on Moscow's calendar whatever time zone the machine has", () => {
  const zone = process.env.TZ;
  try {
    for (const machineZone of ['America/Los_Angeles', 'UTC', 'Asia/Yekaterinburg', 'Pacific/Kiritimati']) {
      process.env.TZ = machineZone;
      // 22:30 UTC on 3 March is 01:30 on 4 March in Moscow.
      expect(formatArticleDate('2026-03-03T22:30:00Z'), machineZone).toBe('04 мар. 2026');
      expect(isoDate('2026-03-03T22:30:00Z'), machineZone).toBe('2026-03-04');
      expect(formatArticleDate('2026-03-04'), machineZone).toBe('04 мар. 2026');
      expect(isoDate('2026-03-04'), machineZone).toBe('2026-03-04');
      // Half past midnight in Moscow: yesterday's post is a day old, not «сегодня».
      expect(formatRelativeToNow('2026-11-23', new Date('2026-11-23T21:30:00Z')), machineZone).toBe('1 день назад');
      expect(formatRelativeToNow('2026-11-24', new Date('2026-11-23T21:30:00Z')), machineZone).toBe('сегодня');
    }
  } finally {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  }
});

test('an invalid date is an error, not «Invalid Date» on the page', () => {
  expect(() => formatArticleDate('не дата')).toThrow(RangeError);
});

test('reading time is printed in minutes that never wrap apart', () => {
  expect(formatReadingTime(5)).toBe('5\u00a0мин чтения');
});

test('prices and salaries never break between digits and the rouble sign', () => {
  expect(formatPriceFrom(350000)).toBe('от\u00a0350\u00a0000\u00a0₽');
  expect(formatSalary(180000, 260000)).toBe('от\u00a0180\u00a0000 до\u00a0260\u00a0000\u00a0₽');
  expect(formatSalary(undefined, 90000)).toBe('до\u00a090\u00a0000\u00a0₽');
  expect(formatSalary(null, null)).toBeNull();
});

test('Russian plural forms follow the count', () => {
  const forms = ['проект', 'проекта', 'проектов'] as const;
  expect([1, 2, 5, 11, 21, 24].map((count) => plural(count, forms))).toEqual([
    'проект',
    'проекта',
    'проектов',
    'проектов',
    'проект',
    'проекта',
  ]);
});
