import { plural } from './russianPlural.ts';

/**
 * Russian dates (§1, §9) computed from tables, without `Intl.DateTimeFormat` or
 * `Intl.RelativeTimeFormat`: the first of either in a page costs Chromium 15–45 ms of main thread
 * (loading ICU's locale data), one long task inside hydration on every page that lists articles
 * (docs/decisions/015). The tables are CLDR's Russian, and `format.test.ts` checks them against
 * the runtime's `Intl` for every month, count and unit, so they cannot drift from it silently.
 * Not date-fns either: its formatter and `ru` locale were about 10 KB gzip of first-load
 * JavaScript (the first-load budget of docs/performance.md) for two formats.
 */

/**
 * The studio's time zone (Saint Petersburg and Yekaterinburg publish on Moscow's calendar): a
 * moment is read as a calendar day there, so the server, the browser and every test print the
 * same day whatever time zone their machine has.
 */
export const CONTENT_TIME_ZONE = 'Europe/Moscow';

/**
 * Moscow's offset from UTC: three hours all year since 26 October 2014 (no daylight saving). The
 * test compares it with the time-zone database for every day of 2015–2040, so a change of the law
 * fails the tests on the first runtime that carries it.
 */
const CONTENT_UTC_OFFSET_MS = 3 * 60 * 60 * 1000;

/** CLDR's abbreviated month names in Russian, as they stand after a day («04 мар.», «04 мая»). */
const MONTHS_SHORT = ['янв.', 'февр.', 'мар.', 'апр.', 'мая', 'июн.', 'июл.', 'авг.', 'сент.', 'окт.', 'нояб.', 'дек.'] as const;

const UNITS = {
  day: ['день', 'дня', 'дней'],
  month: ['месяц', 'месяца', 'месяцев'],
  year: ['год', 'года', 'лет'],
} as const;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A content date as its calendar day, in days since 1970-01-01: `YYYY-MM-DD` is that day; a
 * moment (a timestamp, a `Date`) is the day it falls on in Moscow.
 */
function calendarDay(value: string | Date): number {
  const dateOnly = typeof value === 'string' ? DATE_ONLY.exec(value) : null;
  if (dateOnly) return Date.UTC(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])) / DAY_MS;
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) throw new RangeError(`Not a date: ${String(value)}`);
  return Math.floor((time + CONTENT_UTC_OFFSET_MS) / DAY_MS);
}

/**
 * The "now" a page is rendered with, for its relative dates (useNow.ts): the start of the current
 * day in Moscow. Relative dates count calendar days, so no word changes; a page rendered again the
 * same day is byte for byte the same, and the page cache keeps its compressed copies and its ETag
 * instead of compressing again a page that would differ only by a timestamp (docs/decisions/018).
 */
export function renderedToday(now: Date = new Date()): string {
  return new Date(calendarDay(now) * DAY_MS - CONTENT_UTC_OFFSET_MS).toISOString();
}

/** §9 "Date format dd MMM yyyy", §1 Russian dates: a publication date as the blog prints it («20 нояб. 2025»). */
export function formatArticleDate(value: string | Date): string {
  const day = new Date(calendarDay(value) * DAY_MS);
  return `${String(day.getUTCDate()).padStart(2, '0')} ${MONTHS_SHORT[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}

/** The machine-readable date for `<time dateTime>`. */
export function isoDate(value: string | Date): string {
  return new Date(calendarDay(value) * DAY_MS).toISOString().slice(0, 10);
}

/** «3 дня назад», «через 2 месяца»: CLDR's Russian relative time with numbers (`numeric: 'always'`). */
function relative(count: number, unit: keyof typeof UNITS): string {
  const amount = Math.abs(count);
  const words = `${amount} ${plural(amount, UNITS[unit])}`;
  return count < 0 ? `${words} назад` : `через ${words}`;
}

/**
 * §1 "Russian relative-time wording": «3 дня назад», «2 месяца назад», counted down to whole
 * units (a 40-day-old post is «1 месяц назад»). Relative to an explicit `now` so the server and
 * the browser print the same words during hydration. Days are counted on Moscow's calendar
 * (whatever the visitor's or the server's zone); the same day reads «сегодня»: a blog's dates
 * have no time of day.
 */
export function formatRelativeToNow(value: string | Date, now: Date): string {
  const elapsed = calendarDay(now) - calendarDay(value);
  const sign = elapsed < 0 ? 1 : -1;
  const days = Math.abs(elapsed);
  if (days < 1) return 'сегодня';
  if (days < 30) return relative(sign * days, 'day');
  if (days < 365) return relative(sign * Math.floor(days / 30), 'month');
  return relative(sign * Math.floor(days / 365), 'year');
}
