import type { Agency } from '../../content/contentApi.ts';
import type { PageMeta } from '../../page-kit/pageModule.ts';
import { articleJsonLd } from '../../seo/article.ts';
import { blogFeedLinks } from '../../seo/feeds.ts';
import type { ArticleData } from './loader.ts';

export function meta({ article, blog, crumbs }: ArticleData, _pathname: string, agency: Agency | undefined): PageMeta {
  return {
    title: article.title,
    description: article.description,
    image: article.cover,
    type: 'article',
    breadcrumbs: crumbs,
    jsonLd: [articleJsonLd(article, agency)],
    feeds: blogFeedLinks(blog.title),
  };
}
