import { requireProjectFilter } from '../../page-kit/guards.ts';
import { href } from '../../routes/links.ts';
import type { PageLoaderArgs } from '../../page-kit/pageModule.ts';
import { trailFromHome } from '../../routes/trail.ts';
import { loadPageWords } from '../pageWords.ts';
import { ProjectsBlocks } from './projectsWords.ts';

export type ProjectsData = Awaited<ReturnType<typeof loader>>;

// /projects/ and /projects/{slug}/: §5, the slug must be a known project filter exactly, else 404.
export async function loader({ params, context }: PageLoaderArgs) {
  const industry = params.slug === undefined ? null : await requireProjectFilter(context, params.slug);
  const [words, industries, projects, specializations] = await Promise.all([
    loadPageWords(context.content, 'projects', ProjectsBlocks),
    context.content.projectFilters(),
    context.content.projects(industry ? { industry: industry.slug } : {}),
    // §3 cards on the overview only: an industry's page is where its card leads.
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
