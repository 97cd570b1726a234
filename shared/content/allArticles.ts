import { CONTENT_PAGE_SIZE_MAX, type ArticleSummary, type ContentApi } from './contentApi.ts';

/** Every article, for the sitemap page and sitemap.xml; the first page tells how many more to read. */
export async function allArticles(content: ContentApi): Promise<ArticleSummary[]> {
  const first = await content.articles({ page: 1, pageSize: CONTENT_PAGE_SIZE_MAX });
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.pageCount - 1) }, (_, index) =>
      content.articles({ page: index + 2, pageSize: CONTENT_PAGE_SIZE_MAX }),
    ),
  );
  return [first, ...rest].flatMap((page) => page.items);
}
