import type { PageMeta } from '../../routes/pageModule.ts';

export function meta(): PageMeta {
  return { title: 'Проекты', description: 'Портфолио студии «Верфь» по отраслям.' };
}

export default function ProjectsPage() {
  return <h1>Проекты</h1>;
}
