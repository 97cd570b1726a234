/**
 * Whole roubles without `Intl.NumberFormat` (30 ms of ICU in hydration, decision 015): CLDR groups
 * from four digits, with a non-breaking space so a price never wraps (`format.test.ts` checks).
 */
function groupedRoubles(amount: number): string {
  // Prices and salaries are whole, non-negative roubles (the content schemas).
  const digits = String(Math.round(amount));
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 3) groups.unshift(digits.slice(Math.max(0, end - 3), end));
  return groups.join('\u00a0');
}

/** «от 350 000 ₽». */
export function formatPriceFrom(amount: number): string {
  return `от\u00a0${formatRubles(amount)}`;
}

export function formatRubles(amount: number): string {
  return `${groupedRoubles(amount)}\u00a0₽`;
}

/** Salary fork of a vacancy: «от 180 000 до 260 000 ₽», «до 90 000 ₽», or null when not given. */
export function formatSalary(from: number | undefined | null, to: number | undefined | null): string | null {
  if (from && to) return `от\u00a0${groupedRoubles(from)} до\u00a0${groupedRoubles(to)}\u00a0₽`;
  if (from) return `от\u00a0${groupedRoubles(from)}\u00a0₽`;
  if (to) return `до\u00a0${groupedRoubles(to)}\u00a0₽`;
  return null;
}
