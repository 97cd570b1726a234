import { lazyFormatter } from './lazyFormatter.ts';

const rules = lazyFormatter(() => new Intl.PluralRules('ru-RU'));

/**
 * The site's one Russian plural: every number printed with a noun picks the noun's form here,
 * plural(3, ['проект', 'проекта', 'проектов']) — the forms for 1 (21, 101…), for 2–4 (22…) and
 * for the rest (5–20, 25…). CLDR's rules through `Intl.PluralRules`, cheap to create
 * (docs/decisions/015).
 */
export function plural(count: number, [one, few, many]: readonly [string, string, string]): string {
  const rule = rules().select(count);
  return rule === 'one' ? one : rule === 'few' ? few : many;
}
