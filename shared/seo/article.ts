import type { Agency, Article } from '../content/contentApi.ts';
import { absoluteUrl, type JsonLdFactory } from './jsonLd.ts';
import { shareImageUrl } from './shareImage.ts';
import { href } from '../routes/links.ts';

/** `Article` for a blog post; the publisher's name and logo written out, not a bare `@id` (decision 038). */
export function articleJsonLd(
  article: Pick<Article, 'slug' | 'title' | 'description' | 'date' | 'updated' | 'cover' | 'author' | 'tags'>,
  publisher: Pick<Agency, 'name'> | undefined,
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
      // Without the agency (the root's content failed to load) the article goes without a publisher.
      ...(publisher === undefined
        ? {}
        : {
            publisher: {
              '@type': 'Organization',
              '@id': `${site.baseUrl}/#organization`,
              name: publisher.name,
              url: absoluteUrl(site, href('home')),
              logo: absoluteUrl(site, '/favicon.svg'),
            },
          }),
    };
  };
}
