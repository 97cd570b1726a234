import type { ArticleFilter } from '../../content/contentApi.ts';
import { blogTagIn, notFound } from '../../page-kit/guards.ts';
import { href } from '../../routes/links.ts';
import type { PageLoaderArgs } from '../../page-kit/pageModule.ts';
import { trailFromHome } from '../../routes/trail.ts';
import { ARTICLES_PER_PAGE, pageNumberOf, requirePageInRange } from '../listPage.ts';
import { loadPageWords } from '../pageWords.ts';
import { BlogBlocks } from './blogWords.ts';
import { renderedToday } from '../../format/russianDates.ts';

export type BlogData = Awaited<ReturnType<typeof loader>>;

/**
 * The tag of `/blog/{slug}/` while the tag list was never read (§8): found among the articles filed
 * under the lowercase slug (§5's 301 holds); else a 503, not a 404 a cache would keep (decision 040).
 */
async function tagDuringOutage(context: PageLoaderArgs['context'], slug: string, request: Request, page: number): Promise<ArticleFilter> {
  const { items } = await context.content.articles({ tag: slug.toLowerCase(), page, pageSize: ARTICLES_PER_PAGE });
  const tag = blogTagIn(
    items.flatMap((article) => article.tags),
    slug,
    request,
  );
  if (tag !== undefined) return tag;
  await context.content.articleFilters();
  return notFound();
}

// /blog/ and /blog/{slug}/: §5, a tag matched case-insensitively, another case a 301, unknown a 404.
export async function loader({ params, context, request }: PageLoaderArgs) {
  const page = pageNumberOf(request);
  const [words, tags] = await Promise.all([loadPageWords(context.content, 'blog', BlogBlocks), context.content.articleFiltersOrFailure()]);
  const tag =
    params.slug === undefined
      ? null
      : tags.failed
        ? await tagDuringOutage(context, params.slug, request, page)
        : (blogTagIn(tags.filters, params.slug, request) ?? notFound());
  const articles = await context.content.articles({ ...(tag ? { tag: tag.slug } : {}), page, pageSize: ARTICLES_PER_PAGE });
  requirePageInRange(page, articles.pageCount);
  // The blog itself is a page of the top menu: no trail; a tag's page has one.
  const crumbs = tag
    ? trailFromHome({ title: words.blocks.intro.title, to: href('blog') }, { title: tag.title, to: href('blog-tag', { slug: tag.slug }) })
    : [];
  return {
    words,
    tag,
    tags: tags.filters,
    tagsFailed: tags.failed /* §8: rendered without tags, with the toast */,
    articles,
    crumbs,
    renderedAt: renderedToday(),
  };
}
