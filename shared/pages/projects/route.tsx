import { requireProjectFilter } from '../../routes/guards.ts';
import type { PageLoaderArgs, PageMeta } from '../../routes/pageModule.ts';

// Serves /projects/ and /projects/{slug}/ (route `projects-industry`): §5, the slug must be a
// known project filter exactly, else 404.
export async function loader({ params, context }: PageLoaderArgs) {
  const industry = params.slug === undefined ? null : await requireProjectFilter(context, params.slug);
  return { industry };
}

export function meta(): PageMeta {
  return { title: 'Проекты', description: 'Портфолио студии «Верфь» по отраслям.' };
}

export default function ProjectsPage() {
  return <h1>Проекты</h1>;
}
