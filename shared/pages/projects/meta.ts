import type { PageMeta } from '../../page-kit/pageModule.ts';
import type { ProjectsData } from './loader.ts';

export function meta({ words, industry, crumbs }: ProjectsData): PageMeta {
  return { title: industry ? `${industry.title} — ${words.title}` : words.title, description: words.description, breadcrumbs: crumbs };
}
