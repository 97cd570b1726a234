import type { Vacancy } from '../../content/contentApi.ts';
import type { PageLoaderArgs } from '../../page-kit/pageModule.ts';
import { loadPageWords } from '../pageWords.ts';
import { CareerBlocks } from './careerWords.ts';

export type CareerData = Awaited<ReturnType<typeof loader>>;

export async function loader({ context }: PageLoaderArgs) {
  const [words, summaries, agency] = await Promise.all([
    loadPageWords(context.content, 'career', CareerBlocks),
    context.content.vacancies(),
    context.content.agency(),
  ]);
  // The internship has its own block (anchor `internship`), so it is not listed among the jobs.
  const jobs = summaries.filter((vacancy) => vacancy.employment !== 'internship');
  const vacancies = (await Promise.all(jobs.map((vacancy) => context.content.vacancy(vacancy.slug)))).filter(
    (vacancy): vacancy is Vacancy => vacancy !== null,
  );
  return { words, vacancies, vacanciesBoardUrl: agency.vacanciesBoardUrl, agencyName: agency.name };
}
