import type { Article, ArticleSummary } from '../../content/contentApi.ts';
import { requireArticle } from '../../page-kit/guards.ts';
import { href } from '../../routes/links.ts';
import type { PageLoaderArgs } from '../../page-kit/pageModule.ts';
import { trailFromHome, type Crumb } from '../../routes/trail.ts';
import { loadPageWords, type WordsOf } from '../pageWords.ts';
import { RELATED_IN_A_ROW, relatedTo } from '../relatedDocuments.ts';
import { BlogWords } from './articleWords.ts';
import { renderedToday } from '../../format/russianDates.ts';

export interface ArticleData {
  readonly article: Article;
  /** Other articles of its first tag (the newest when it has none), one row. */
  readonly related: readonly ArticleSummary[];
  readonly blog: WordsOf<typeof BlogWords>;
  /** Home → blog → the article's first tag → the article. */
  readonly crumbs: readonly Crumb[];
  readonly renderedAt: string;
}

export async function loader({ params, context }: PageLoaderArgs): Promise<ArticleData> {
  const article = await requireArticle(context, params.slug);
  const [firstTag] = article.tags;
  const [blog, sameTopic] = await Promise.all([
    loadPageWords(context.content, 'blog', BlogWords),
    context.content.articles({ ...(firstTag ? { tag: firstTag.slug } : {}), page: 1, pageSize: RELATED_IN_A_ROW + 1 }),
  ]);
  const related = relatedTo(article, sameTopic.items);
  const crumbs = trailFromHome(
    { title: blog.blocks.intro.title, to: href('blog') },
    ...(firstTag ? [{ title: firstTag.title, to: href('blog-tag', { slug: firstTag.slug }) }] : []),
    { title: article.title, to: href('article', { slug: article.slug }) },
  );
  return { article, related, blog, crumbs, renderedAt: renderedToday() };
}
