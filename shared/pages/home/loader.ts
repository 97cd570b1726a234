import type { ArticleSummary, ProjectSummary, Specialization } from '../../content/contentApi.ts';
import type { PageLoaderArgs } from '../../page-kit/pageModule.ts';
import { loadPageWords, type WordsOf } from '../pageWords.ts';
import { HomeBlocks } from './homeWords.ts';
import { renderedToday } from '../../format/russianDates.ts';

/** How many featured case studies and fresh articles the home page shows. */
const FEATURED_PROJECTS = 6;
const LATEST_ARTICLES = 3;

export interface HomeData {
  readonly words: WordsOf<typeof HomeBlocks>;
  readonly projects: readonly ProjectSummary[];
  readonly specializations: readonly Specialization[];
  readonly articles: readonly ArticleSummary[];
  readonly renderedAt: string;
}

export async function loader({ context }: PageLoaderArgs): Promise<HomeData> {
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
