import type { PageMeta } from '../../page-kit/pageModule.ts';

export function meta(): PageMeta {
  return { title: 'UI Kit', description: 'Витрина общих компонентов сайта «Верфь» во всех состояниях.' };
}
