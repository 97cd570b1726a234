import type { PageMeta } from '../../routes/pageModule.ts';
import { articleJsonLd } from '../../seo/article.ts';
import { href } from '../../routes/links.ts';
import { blogFeedLinks } from '../../seo/feeds.ts';
import type { ArticleData } from './loader.ts';

export function meta({ article, blog }: ArticleData): PageMeta {
  const [firstTag] = article.tags;
  return {
    title: article.title,
    description: article.description,
    image: article.cover,
    type: 'article',
    breadcrumbs: [
      { name: 'Главная', path: href('home') },
      { name: blog.blocks.intro.title, path: href('blog') },
      ...(firstTag ? [{ name: firstTag.title, path: href('blog-tag', { slug: firstTag.slug }) }] : []),
      { name: article.title, path: href('article', { slug: article.slug }) },
    ],
    jsonLd: [articleJsonLd(article)],
    feeds: blogFeedLinks(blog.title),
  };
}
