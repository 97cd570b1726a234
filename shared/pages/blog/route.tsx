import type { PageMeta } from '../../routes/pageModule.ts';

export function meta(): PageMeta {
  return { title: 'Блог', description: 'Статьи команды «Верфи» о разработке, дизайне и маркетинге.' };
}

export default function BlogPage() {
  return <h1>Блог</h1>;
}
