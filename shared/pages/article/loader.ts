import { requireArticle } from '../../page-kit/guards.ts';
import { href } from '../../routes/links.ts';
import type { PageLoaderArgs } from '../../page-kit/pageModule.ts';
import { trailFromHome } from '../../routes/trail.ts';
import { loadPageWords } from '../pageWords.ts';
import { RELATED_IN_A_ROW, relatedTo } from '../relatedDocuments.ts';
import { BlogWords } from './articleWords.ts';
import { renderedToday } from '../../format/russianDates.ts';

export type ArticleData = Awaited<ReturnType<typeof loader>>;

export async function loader({ params, context }: PageLoaderArgs) {
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
