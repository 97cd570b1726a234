import { requireProject } from '../../page-kit/guards.ts';
import { href } from '../../routes/links.ts';
import type { PageLoaderArgs } from '../../page-kit/pageModule.ts';
import { trailFromHome } from '../../routes/trail.ts';
import { loadPageWords } from '../pageWords.ts';
import { relatedTo } from '../relatedDocuments.ts';
import { ProjectsWords } from './projectWords.ts';

export type ProjectData = Awaited<ReturnType<typeof loader>>;

export async function loader({ params, context }: PageLoaderArgs) {
  const project = await requireProject(context, params.slug);
  const [portfolio, sameIndustry] = await Promise.all([
    loadPageWords(context.content, 'projects', ProjectsWords),
    context.content.projects({ industry: project.industry.slug }),
  ]);
  const related = relatedTo(project, sameIndustry);
  const crumbs = trailFromHome(
    { title: portfolio.blocks.intro.title, to: href('projects') },
    { title: project.industry.title, to: href('projects-industry', { slug: project.industry.slug }) },
    { title: project.title, to: href('project', { slug: project.slug }) },
  );
  return { project, related, portfolio, crumbs };
}
