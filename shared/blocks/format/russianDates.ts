import { format, formatDistanceStrict, isValid, parseISO } from 'date-fns';
import { ru } from 'date-fns/locale';

/** §9 "Date format dd MMM yyyy", §1 Russian dates: «14 мар. 2026». */
export const ARTICLE_DATE_FORMAT = 'dd MMM yyyy';

function toDate(value: string | Date): Date {
  const date = typeof value === 'string' ? parseISO(value) : value;
  if (!isValid(date)) throw new RangeError(`Not a date: ${String(value)}`);
  return date;
}

/** A publication date as the blog prints it: `dd MMM yyyy` in Russian. */
export function formatArticleDate(value: string | Date): string {
  return format(toDate(value), ARTICLE_DATE_FORMAT, { locale: ru });
}

/** The machine-readable date for `<time dateTime>`. */
export function isoDate(value: string | Date): string {
  return format(toDate(value), 'yyyy-MM-dd');
}

/**
 * §1 "Russian relative-time wording": «3 дня назад», «2 месяца назад». Relative to an explicit
 * `now` so the server and the browser print the same words during hydration. Under a day reads
 * «сегодня» — a blog's dates have no time of day.
 */
export function formatRelativeToNow(value: string | Date, now: Date): string {
  const date = toDate(value);
  if (Math.abs(now.getTime() - date.getTime()) < 24 * 60 * 60 * 1000) return 'сегодня';
  return formatDistanceStrict(date, now, { locale: ru, addSuffix: true, roundingMethod: 'floor' });
}
