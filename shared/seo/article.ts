import type { Article } from '../content/contentApi.ts';
import { absoluteUrl, type JsonLdFactory } from './jsonLd.ts';
import { shareImageUrl } from './shareImage.ts';
import { href } from '../routes/links.ts';

/** `Article` for a blog post (`/material/blog/{slug}/`), with its author's page when there is one. */
export function articleJsonLd(
  article: Pick<Article, 'slug' | 'title' | 'description' | 'date' | 'updated' | 'cover' | 'author' | 'tags'>,
): JsonLdFactory {
  return (site) => {
    const url = absoluteUrl(site, href('article', { slug: article.slug }));
    return {
      '@type': 'Article',
      '@id': `${url}#article`,
      mainEntityOfPage: url,
      url,
      headline: article.title,
      description: article.description,
      image: shareImageUrl(site, article.cover),
      datePublished: article.date,
      dateModified: article.updated ?? article.date,
      inLanguage: 'ru',
      keywords: article.tags.map((tag) => tag.title).join(', '),
      author: {
        '@type': 'Person',
        name: article.author.name,
        jobTitle: article.author.position,
        ...(article.author.slug === null ? {} : { url: absoluteUrl(site, href('blog-author', { id: article.author.slug })) }),
      },
      publisher: { '@id': `${site.baseUrl}/#organization` },
    };
  };
}
