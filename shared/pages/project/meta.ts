import type { PageMeta } from '../../page-kit/pageModule.ts';
import type { ProjectData } from './loader.ts';

export function meta({ project, crumbs }: ProjectData): PageMeta {
  return {
    title: `${project.title} — ${project.client}`,
    description: project.description,
    image: project.cover,
    type: 'article',
    breadcrumbs: crumbs,
  };
}
