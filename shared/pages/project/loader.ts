import type { Project, ProjectSummary } from '../../content/contentApi.ts';
import { requireProject } from '../../page-kit/guards.ts';
import { href } from '../../routes/links.ts';
import type { PageLoaderArgs } from '../../page-kit/pageModule.ts';
import { trailFromHome, type Crumb } from '../../routes/trail.ts';
import { loadPageWords, type WordsOf } from '../pageWords.ts';
import { relatedTo } from '../relatedDocuments.ts';
import { ProjectsWords } from './projectWords.ts';

export interface ProjectData {
  readonly project: Project;
  /** Other case studies of its industry, one row. */
  readonly related: readonly ProjectSummary[];
  readonly portfolio: WordsOf<typeof ProjectsWords>;
  /** Home → portfolio → the project's industry → the project. */
  readonly crumbs: readonly Crumb[];
}

export async function loader({ params, context }: PageLoaderArgs): Promise<ProjectData> {
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
