import { plural } from './russianPlural.ts';

// Russian dates (§1, §9) from CLDR's tables, without `Intl` (its first use costs 15–45 ms of ICU
// loading in hydration) or date-fns (10 KB gzip): decision 015; `format.test.ts` checks them against `Intl`.

/** Dates are Moscow's calendar days, so the server, the browser and the tests print the same day. */
export const CONTENT_TIME_ZONE = 'Europe/Moscow';

/** UTC+3 all year since 2014; the test checks it against the time-zone database for 2015–2040. */
const CONTENT_UTC_OFFSET_MS = 3 * 60 * 60 * 1000;

/** CLDR's abbreviated month names in Russian, as they stand after a day («04 мар.», «04 мая»). */
const MONTHS_SHORT = ['янв.', 'февр.', 'мар.', 'апр.', 'мая', 'июн.', 'июл.', 'авг.', 'сент.', 'окт.', 'нояб.', 'дек.'] as const;

const UNITS = { day: ['день', 'дня', 'дней'], month: ['месяц', 'месяца', 'месяцев'], year: ['год', 'года', 'лет'] } as const;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Days since 1970-01-01: `YYYY-MM-DD` is that day; a moment is its day in Moscow. */
function calendarDay(value: string | Date): number {
  const dateOnly = typeof value === 'string' ? DATE_ONLY.exec(value) : null;
  if (dateOnly) return Date.UTC(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])) / DAY_MS;
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) throw new RangeError(`Not a date: ${String(value)}`);
  return Math.floor((time + CONTENT_UTC_OFFSET_MS) / DAY_MS);
}

/** The "now" of a render (`useNow`, ArticleMeta.tsx): Moscow's day start, so a page is byte for byte the same all day (018). */
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

/** §1 relative time in whole units, against an explicit `now` so hydration prints the same words. */
export function formatRelativeToNow(value: string | Date, now: Date): string {
  const elapsed = calendarDay(now) - calendarDay(value);
  const sign = elapsed < 0 ? 1 : -1;
  const days = Math.abs(elapsed);
  if (days < 1) return 'сегодня';
  if (days < 30) return relative(sign * days, 'day');
  if (days < 365) return relative(sign * Math.floor(days / 30), 'month');
  return relative(sign * Math.floor(days / 365), 'year');
}
