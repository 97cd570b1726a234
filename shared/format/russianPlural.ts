import { lazyFormatter } from './lazyFormatter.ts';

const rules = lazyFormatter(() => new Intl.PluralRules('ru-RU'));

/** The one Russian plural: plural(3, ['проект', 'проекта', 'проектов']), CLDR's rules (decision 015). */
export function plural(count: number, [one, few, many]: readonly [string, string, string]): string {
  const rule = rules().select(count);
  return rule === 'one' ? one : rule === 'few' ? few : many;
}
