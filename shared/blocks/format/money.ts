import { lazyFormatter } from './lazyFormatter.ts';

const rubles = lazyFormatter(() => new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 }));

/**
 * «от 350 000 ₽» with non-breaking spaces (the seed README's typography rule), so a price never
 * wraps in the middle. Intl's group separator differs between engines, so it is normalised.
 */
export function formatPriceFrom(amount: number): string {
  return `от\u00a0${formatRubles(amount)}`;
}

export function formatRubles(amount: number): string {
  return `${rubles().format(amount).replace(/\s/g, '\u00a0')}\u00a0₽`;
}

/** Salary fork of a vacancy: «от 180 000 до 260 000 ₽», «до 90 000 ₽», or null when not given. */
export function formatSalary(from: number | undefined | null, to: number | undefined | null): string | null {
  const amount = (value: number) => rubles().format(value).replace(/\s/g, '\u00a0');
  if (from && to) return `от\u00a0${amount(from)} до\u00a0${amount(to)}\u00a0₽`;
  if (from) return `от\u00a0${amount(from)}\u00a0₽`;
  if (to) return `до\u00a0${amount(to)}\u00a0₽`;
  return null;
}
