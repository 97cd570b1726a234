import type { PageMeta } from '../../page-kit/pageModule.ts';
import type { AuthorData } from './loader.ts';

export function meta({ author, blog, crumbs }: AuthorData): PageMeta {
  return {
    title: `${author.name} — ${blog.title}`,
    description: `${author.position}. ${author.bio}`,
    type: 'profile',
    breadcrumbs: crumbs,
  };
}
