import { requireProject } from '../../routes/guards.ts';
import type { PageLoaderArgs, PageMeta } from '../../routes/pageModule.ts';

export async function loader({ params, context }: PageLoaderArgs) {
  const project = await requireProject(context, params.slug);
  return { project };
}

export function meta(): PageMeta {
  return { title: 'Проект' };
}

export default function ProjectPage() {
  return <h1>Проект</h1>;
}
