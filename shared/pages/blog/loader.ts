import type { Infer } from 'superstruct';
import type { ArticleFilter, ArticlePage } from '../../content/contentApi.ts';
import { requireBlogTag } from '../../routes/guards.ts';
import { href } from '../../routes/links.ts';
import type { PageLoaderArgs } from '../../routes/pageModule.ts';
import { trailFromHome, type Crumb } from '../../routes/trail.ts';
import { ARTICLES_PER_PAGE, pageNumberOf, requirePageInRange } from '../listPage.ts';
import { loadPageWords, type PageWords } from '../pageWords.ts';
import { BlogBlocks } from './blogWords.ts';
import { renderedToday } from '../../blocks/format/russianDates.ts';

export interface BlogData {
  readonly words: PageWords<Infer<typeof BlogBlocks>>;
  readonly tag: ArticleFilter | null;
  readonly tags: readonly ArticleFilter[];
  /** §8: the tag list failed; the blog still renders and says so in a toast. */
  readonly tagsFailed: boolean;
  readonly articles: ArticlePage;
  /** Home → blog → the tag on a tag's page; none on the blog itself, a page of the top menu. */
  readonly crumbs: readonly Crumb[];
  readonly renderedAt: string;
}

// Serves /blog/ and /blog/{slug}/ (route `blog-tag`): §5, the tag is matched case-insensitively,
// a case mismatch is a 301 to the known slug, an unknown tag is a 404.
export async function loader({ params, context, request }: PageLoaderArgs): Promise<BlogData> {
  const tag = params.slug === undefined ? null : await requireBlogTag(context, params.slug, request);
  const page = pageNumberOf(request);
  const [words, tags, articles] = await Promise.all([
    loadPageWords(context.content, 'blog', BlogBlocks),
    context.content.articleFiltersOrFailure(),
    context.content.articles({ ...(tag ? { tag: tag.slug } : {}), page, pageSize: ARTICLES_PER_PAGE }),
  ]);
  requirePageInRange(page, articles.pageCount);
  const crumbs = tag
    ? trailFromHome({ title: words.blocks.intro.title, to: href('blog') }, { title: tag.title, to: href('blog-tag', { slug: tag.slug }) })
    : [];
  return { words, tag, tags: tags.filters, tagsFailed: tags.failed, articles, crumbs, renderedAt: renderedToday() };
}
