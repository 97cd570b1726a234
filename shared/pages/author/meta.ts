import type { PageMeta } from '../../routes/pageModule.ts';
import { href } from '../../routes/links.ts';
import type { AuthorData } from './loader.ts';

export function meta({ author, blog }: AuthorData): PageMeta {
  return {
    title: `${author.name} — ${blog.title}`,
    description: `${author.position}. ${author.bio}`,
    type: 'profile',
    breadcrumbs: [
      { name: 'Главная', path: href('home') },
      { name: blog.blocks.intro.title, path: href('blog') },
      { name: author.name, path: href('blog-author', { id: author.slug }) },
    ],
  };
}
