import { lazyFormatter } from './lazyFormatter.ts';

const rules = lazyFormatter(() => new Intl.PluralRules('ru-RU'));

/** Picks the Russian word form for a count: plural(3, ['проект', 'проекта', 'проектов']). */
export function plural(count: number, [one, few, many]: readonly [string, string, string]): string {
  const rule = rules().select(count);
  return rule === 'one' ? one : rule === 'few' ? few : many;
}
