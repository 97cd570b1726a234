import type { PageLoaderArgs } from '../../page-kit/pageModule.ts';
import { loadPageWords } from '../pageWords.ts';
import { HomeBlocks } from './homeWords.ts';
import { renderedToday } from '../../format/russianDates.ts';

/** How many featured case studies and fresh articles the home page shows. */
const FEATURED_PROJECTS = 6;
const LATEST_ARTICLES = 3;

export type HomeData = Awaited<ReturnType<typeof loader>>;

export async function loader({ context }: PageLoaderArgs) {
  const [words, projects, specializations, articles] = await Promise.all([
    loadPageWords(context.content, 'home', HomeBlocks),
    context.content.projects({ featured: true }),
    context.content.specializations(),
    context.content.articles({ page: 1, pageSize: LATEST_ARTICLES }),
  ]);
  return {
    words,
    projects: projects.slice(0, FEATURED_PROJECTS),
    specializations,
    articles: articles.items,
    renderedAt: renderedToday(),
  };
}
