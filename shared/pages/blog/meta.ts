import type { PageMeta } from '../../page-kit/pageModule.ts';
import { blogFeedLinks } from '../../seo/feeds.ts';
import type { BlogData } from './loader.ts';

export function meta({ words, tag, articles, crumbs }: BlogData): PageMeta {
  const title = tag ? `${tag.title} — ${words.title}` : words.title;
  return {
    title: articles.page > 1 ? `${title}, страница ${articles.page}` : title,
    description: words.description,
    breadcrumbs: crumbs,
    feeds: blogFeedLinks(title, tag?.slug),
  };
}
