import type { PageMeta } from '../../routes/pageModule.ts';

export function meta(): PageMeta {
  return { title: 'UI Kit', description: 'Витрина общих компонентов сайта «Верфь» во всех состояниях.' };
}
