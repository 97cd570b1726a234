import { lazyFormatter } from './lazyFormatter.ts';

/**
 * Russian dates (§1, §9) on the runtime's own `Intl`, which carries the same CLDR data as
 * date-fns' `ru` locale. Not date-fns here: these helpers run in the browser on every page that
 * lists articles, and date-fns' formatter and locale were about 10 KB gzip of first-load
 * JavaScript (the first-load budget of docs/performance.md) for two formats.
 */

/** §9 "Date format dd MMM yyyy", §1 Russian dates: «04 мар. 2026». */
export const ARTICLE_DATE_FORMAT = 'dd MMM yyyy';

/**
 * The studio's time zone (Saint Petersburg and Yekaterinburg publish on Moscow's calendar): a
 * moment is read as a calendar day there, so the server, the browser and every test print the
 * same day whatever time zone their machine has.
 */
export const CONTENT_TIME_ZONE = 'Europe/Moscow';

/** Days are printed from their UTC midnight in UTC: the calendar day itself, no zone to shift it. */
const DAY_MONTH_YEAR = lazyFormatter(
  () => new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' }),
);
const CALENDAR_DAY = lazyFormatter(
  () => new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: CONTENT_TIME_ZONE }),
);
const RELATIVE = lazyFormatter(() => new Intl.RelativeTimeFormat('ru-RU', { numeric: 'always' }));
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A content date as its calendar day, in days since 1970-01-01: `YYYY-MM-DD` is that day; a
 * moment (a timestamp, a `Date`) is the day it falls on in Moscow.
 */
function calendarDay(value: string | Date): number {
  const dateOnly = typeof value === 'string' ? DATE_ONLY.exec(value) : null;
  if (dateOnly) return Date.UTC(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])) / DAY_MS;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  const parts = CALENDAR_DAY().formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((entry) => entry.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day')) / DAY_MS;
}

/** A publication date as the blog prints it: `dd MMM yyyy` in Russian («20 нояб. 2025»). */
export function formatArticleDate(value: string | Date): string {
  const parts = DAY_MONTH_YEAR().formatToParts(calendarDay(value) * DAY_MS);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}`;
}

/** The machine-readable date for `<time dateTime>`. */
export function isoDate(value: string | Date): string {
  return new Date(calendarDay(value) * DAY_MS).toISOString().slice(0, 10);
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
  if (days < 30) return RELATIVE().format(sign * days, 'day');
  if (days < 365) return RELATIVE().format(sign * Math.floor(days / 30), 'month');
  return RELATIVE().format(sign * Math.floor(days / 365), 'year');
}
