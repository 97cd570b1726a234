import type { ProjectFilter, ProjectSummary, Specialization } from '../../content/contentApi.ts';
import { requireProjectFilter } from '../../page-kit/guards.ts';
import { href } from '../../routes/links.ts';
import type { PageLoaderArgs } from '../../page-kit/pageModule.ts';
import { trailFromHome, type Crumb } from '../../routes/trail.ts';
import { loadPageWords, type WordsOf } from '../pageWords.ts';
import { ProjectsBlocks } from './projectsWords.ts';

export interface ProjectsData {
  readonly words: WordsOf<typeof ProjectsBlocks>;
  readonly industry: ProjectFilter | null;
  readonly industries: readonly ProjectFilter[];
  readonly projects: readonly ProjectSummary[];
  /** §3 cards, on the overview only (an industry's page is itself where its card leads). */
  readonly specializations: readonly Specialization[];
  /** Home → portfolio → the industry on an industry's page; none on the portfolio itself, a page of the top menu. */
  readonly crumbs: readonly Crumb[];
}

// Serves /projects/ and /projects/{slug}/ (route `projects-industry`): §5, the slug must be a
// known project filter exactly, else 404.
export async function loader({ params, context }: PageLoaderArgs): Promise<ProjectsData> {
  const industry = params.slug === undefined ? null : await requireProjectFilter(context, params.slug);
  const [words, industries, projects, specializations] = await Promise.all([
    loadPageWords(context.content, 'projects', ProjectsBlocks),
    context.content.projectFilters(),
    context.content.projects(industry ? { industry: industry.slug } : {}),
    industry ? [] : context.content.specializations(),
  ]);
  const crumbs = industry
    ? trailFromHome(
        { title: words.blocks.intro.title, to: href('projects') },
        { title: industry.title, to: href('projects-industry', { slug: industry.slug }) },
      )
    : [];
  return { words, industry, industries, projects, specializations, crumbs };
}
