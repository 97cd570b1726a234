/**
 * Russian dates (§1, §9) on the runtime's own `Intl`, which carries the same CLDR data as
 * date-fns' `ru` locale. Not date-fns here: these helpers run in the browser on every page that
 * lists articles, and date-fns' formatter and locale were about 10 KB gzip of first-load
 * JavaScript (issue 8 budget) for two formats.
 */

/** §9 "Date format dd MMM yyyy", §1 Russian dates: «04 мар. 2026». */
export const ARTICLE_DATE_FORMAT = 'dd MMM yyyy';

const DAY_MONTH_YEAR = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: 'short', year: 'numeric' });
const RELATIVE = new Intl.RelativeTimeFormat('ru-RU', { numeric: 'always' });
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A content date: `YYYY-MM-DD` is a calendar day (local midnight, as on both server and browser). */
function toDate(value: string | Date): Date {
  const dateOnly = typeof value === 'string' ? DATE_ONLY.exec(value) : null;
  const date = dateOnly
    ? new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]))
    : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  return date;
}

/** A publication date as the blog prints it: `dd MMM yyyy` in Russian («20 нояб. 2025»). */
export function formatArticleDate(value: string | Date): string {
  const parts = DAY_MONTH_YEAR.formatToParts(toDate(value));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}`;
}

/** The machine-readable date for `<time dateTime>`. */
export function isoDate(value: string | Date): string {
  const date = toDate(value);
  const pad = (number: number) => String(number).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * §1 "Russian relative-time wording": «3 дня назад», «2 месяца назад», counted down to whole
 * units (a 40-day-old post is «1 месяц назад»). Relative to an explicit `now` so the server and
 * the browser print the same words during hydration. Under a day reads «сегодня»: a blog's
 * dates have no time of day.
 */
export function formatRelativeToNow(value: string | Date, now: Date): string {
  const elapsed = now.getTime() - toDate(value).getTime();
  const sign = elapsed < 0 ? 1 : -1;
  const days = Math.floor(Math.abs(elapsed) / DAY_MS);
  if (days < 1) return 'сегодня';
  if (days < 30) return RELATIVE.format(sign * days, 'day');
  if (days < 365) return RELATIVE.format(sign * Math.floor(days / 30), 'month');
  return RELATIVE.format(sign * Math.floor(days / 365), 'year');
}
