import type { PageMeta } from '../../routes/pageModule.ts';

export function meta(): PageMeta {
  return { title: 'Карьера', description: 'Вакансии и стажировка в студии «Верфь».' };
}

export default function CareerPage() {
  return <h1>Карьера</h1>;
}
