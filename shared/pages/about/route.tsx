import type { PageMeta } from '../../routes/pageModule.ts';

export function meta(): PageMeta {
  return { title: 'Об агентстве', description: 'Команда, история и принципы работы студии «Верфь».' };
}

export default function AboutPage() {
  return <h1>Об агентстве</h1>;
}
