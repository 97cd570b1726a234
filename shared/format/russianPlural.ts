// Made on first use: making an Intl formatter costs a phone about 90 ms in the module-evaluating task.
let rules: Intl.PluralRules | undefined;

/** The one Russian plural: plural(3, ['проект', 'проекта', 'проектов']), CLDR's rules (decision 015). */
export function plural(count: number, [one, few, many]: readonly [string, string, string]): string {
  const rule = (rules ??= new Intl.PluralRules('ru-RU')).select(count);
  return rule === 'one' ? one : rule === 'few' ? few : many;
}
