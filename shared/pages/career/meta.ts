import type { PageMeta } from '../../page-kit/pageModule.ts';
import { jobPostingJsonLd } from '../../seo/jobPosting.ts';
import type { CareerData } from './loader.ts';

export function meta({ words, vacancies, agencyName }: CareerData): PageMeta {
  return {
    title: words.title,
    description: words.description,
    jsonLd: vacancies.map((vacancy) => jobPostingJsonLd(vacancy, { name: agencyName })),
  };
}
