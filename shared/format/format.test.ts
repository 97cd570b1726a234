import { expect, test } from 'vitest';
import { formatPriceFrom, formatRubles, formatSalary } from './money.ts';
import { CONTENT_TIME_ZONE, formatArticleDate, formatRelativeToNow, isoDate, renderedToday } from './russianDates.ts';
import { plural } from './russianPlural.ts';

test('an article date is printed as dd MMM yyyy in Russian', () => {
  expect(formatArticleDate('2026-03-04')).toBe('04 мар. 2026');
  expect(formatArticleDate('2025-11-20')).toBe('20 нояб. 2025');
  expect(isoDate('2025-11-20')).toBe('2025-11-20');
});

test('relative time reads in Russian words against the given moment', () => {
  // Noon in Moscow, an instant: a time without an offset would be the machine's local noon, the
  // next day in Moscow on a machine in Alaska.
  const now = new Date('2026-11-23T12:00:00+03:00');
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

// The formatters are tables, not Intl (docs/decisions/015): these hold them to the runtime's CLDR.
const DAY_MS = 24 * 60 * 60 * 1000;

test("every month's abbreviation is CLDR's Russian, as Intl prints it", () => {
  const intl = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' });
  for (let month = 0; month < 12; month++) {
    const parts = intl.formatToParts(Date.UTC(2026, month, 4));
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value;
    const isoDay = new Date(Date.UTC(2026, month, 4)).toISOString().slice(0, 10);
    expect(formatArticleDate(isoDay)).toBe(`${part('day')} ${part('month')} ${part('year')}`);
  }
});

test("Moscow's calendar day matches the time-zone database for every day of 2015–2040", () => {
  const intl = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: CONTENT_TIME_ZONE });
  // 20:59 and 21:00 UTC: the last minute of a Moscow day and the first of the next.
  for (let time = Date.UTC(2015, 0, 1, 20, 59); time < Date.UTC(2041, 0, 1); time += DAY_MS) {
    for (const moment of [new Date(time), new Date(time + 60_000)]) {
      expect(isoDate(moment), moment.toISOString()).toBe(intl.format(moment));
    }
  }
});

test("relative time words are CLDR's Russian, as Intl prints them, for every count and unit", () => {
  const intl = new Intl.RelativeTimeFormat('ru-RU', { numeric: 'always' });
  const now = new Date('2026-11-23T12:00:00Z');
  const daysAgo = (days: number) => isoDate(new Date(now.getTime() - days * DAY_MS));
  for (let days = 1; days < 30; days++) {
    expect(formatRelativeToNow(daysAgo(days), now)).toBe(intl.format(-days, 'day'));
    expect(formatRelativeToNow(daysAgo(-days), now)).toBe(intl.format(days, 'day'));
  }
  for (let months = 1; months <= 12; months++) {
    const days = Math.min(months * 30, 364);
    expect(formatRelativeToNow(daysAgo(days), now)).toBe(intl.format(-Math.floor(days / 30), 'month'));
  }
  for (let years = 1; years <= 125; years++) {
    expect(formatRelativeToNow(daysAgo(years * 365), now)).toBe(intl.format(-years, 'year'));
    expect(formatRelativeToNow(daysAgo(-years * 365), now)).toBe(intl.format(years, 'year'));
  }
});

test("roubles are grouped as Intl's Russian groups them", () => {
  const intl = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });
  for (const amount of [0, 7, 99, 999, 1000, 9999, 10000, 12345, 99999, 100000, 350000, 999999, 1000000, 1234567, 2147483647]) {
    expect(formatRubles(amount)).toBe(`${intl.format(amount).replace(/\s/g, '\u00a0')}\u00a0₽`);
  }
});

test('prices and salaries never break between digits and the rouble sign', () => {
  expect(formatPriceFrom(350000)).toBe('от\u00a0350\u00a0000\u00a0₽');
  expect(formatSalary(180000, 260000)).toBe('от\u00a0180\u00a0000 до\u00a0260\u00a0000\u00a0₽');
  expect(formatSalary(undefined, 90000)).toBe('до\u00a090\u00a0000\u00a0₽');
  expect(formatSalary(null, null)).toBeNull();
});

test('Russian plural forms follow the count', () => {
  const forms = ['проект', 'проекта', 'проектов'] as const;
  expect([1, 2, 5, 11, 21, 22, 25, 111, 104].map((count) => plural(count, forms))).toEqual([
    'проект',
    'проекта',
    'проектов',
    'проектов',
    'проект',
    'проекта',
    'проектов',
    'проектов',
    'проекта',
  ]);
});

test('relative time counts days up to a month and never speaks of weeks (docs/decisions/022)', () => {
  const now = new Date('2026-11-23T12:00:00+03:00');
  expect(['2026-11-16', '2026-11-09', '2026-11-02', '2026-10-26'].map((day) => formatRelativeToNow(day, now))).toEqual([
    '7 дней назад',
    '14 дней назад',
    '21 день назад',
    '28 дней назад',
  ]);
});

test('a page is rendered with the start of the day in Moscow as its "now", which changes no relative date', () => {
  expect(renderedToday(new Date('2026-11-26T12:00:00Z'))).toBe('2026-11-25T21:00:00.000Z');
  // 01:30 in Moscow is already the next day there.
  expect(renderedToday(new Date('2026-11-26T22:30:00Z'))).toBe('2026-11-26T21:00:00.000Z');
  for (const moment of ['2026-11-26T00:00:00Z', '2026-11-26T20:59:59Z', '2026-11-26T21:00:00Z', '2026-12-31T23:59:00Z']) {
    const now = new Date(moment);
    for (const date of ['2026-11-26', '2026-11-25', '2026-10-01', '2025-01-15', '2027-01-01']) {
      expect(formatRelativeToNow(date, new Date(renderedToday(now))), `${date} at ${moment}`).toBe(formatRelativeToNow(date, now));
    }
  }
});
