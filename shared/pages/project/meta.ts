import type { PageMeta } from '../../routes/pageModule.ts';
import { href } from '../../routes/links.ts';
import type { ProjectData } from './loader.ts';

export function meta({ project, portfolio }: ProjectData): PageMeta {
  return {
    title: `${project.title} — ${project.client}`,
    description: project.description,
    image: project.cover,
    type: 'article',
    breadcrumbs: [
      { name: 'Главная', path: href('home') },
      { name: portfolio.blocks.intro.title, path: href('projects') },
      { name: project.industry.title, path: href('projects-industry', { slug: project.industry.slug }) },
      { name: project.title, path: href('project', { slug: project.slug }) },
    ],
  };
}
