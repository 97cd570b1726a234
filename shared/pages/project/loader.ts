import type { Infer } from 'superstruct';
import type { Project, ProjectSummary } from '../../content/contentApi.ts';
import { requireProject } from '../../routes/guards.ts';
import { href } from '../../routes/links.ts';
import type { PageLoaderArgs } from '../../routes/pageModule.ts';
import { trailFromHome, type Crumb } from '../../routes/trail.ts';
import { loadPageWords, type PageWords } from '../pageWords.ts';
import { ProjectsWords } from './projectWords.ts';

/** Other case studies of the same industry under a project: one row. */
const RELATED_PROJECTS = 3;

export interface ProjectData {
  readonly project: Project;
  readonly related: readonly ProjectSummary[];
  readonly portfolio: PageWords<Infer<typeof ProjectsWords>>;
  /** Home → portfolio → the project's industry → the project. */
  readonly crumbs: readonly Crumb[];
}

export async function loader({ params, context }: PageLoaderArgs): Promise<ProjectData> {
  const project = await requireProject(context, params.slug);
  const [portfolio, sameIndustry] = await Promise.all([
    loadPageWords(context.content, 'projects', ProjectsWords),
    context.content.projects({ industry: project.industry.slug }),
  ]);
  const related = sameIndustry.filter((item) => item.slug !== project.slug).slice(0, RELATED_PROJECTS);
  const crumbs = trailFromHome(
    { title: portfolio.blocks.intro.title, to: href('projects') },
    { title: project.industry.title, to: href('projects-industry', { slug: project.industry.slug }) },
    { title: project.title, to: href('project', { slug: project.slug }) },
  );
  return { project, related, portfolio, crumbs };
}
