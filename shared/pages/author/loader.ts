import { requireAuthor } from '../../page-kit/guards.ts';
import { href } from '../../routes/links.ts';
import type { PageLoaderArgs } from '../../page-kit/pageModule.ts';
import { trailFromHome } from '../../routes/trail.ts';
import { ARTICLES_PER_PAGE, pageNumberOf, requirePageInRange } from '../listPage.ts';
import { loadPageWords } from '../pageWords.ts';
import { BlogWords } from './authorWords.ts';
import { renderedToday } from '../../format/russianDates.ts';

export type AuthorData = Awaited<ReturnType<typeof loader>>;

// §2: numeric ids were redirected by `redirect-author`; a slug must name an author with a page.
export async function loader({ params, context, request }: PageLoaderArgs) {
  const author = await requireAuthor(context, params.id);
  const page = pageNumberOf(request);
  const [articles, blog] = await Promise.all([
    context.content.articles({ authorId: author.id, page, pageSize: ARTICLES_PER_PAGE }),
    loadPageWords(context.content, 'blog', BlogWords),
  ]);
  requirePageInRange(page, articles.pageCount);
  const crumbs = trailFromHome(
    { title: blog.blocks.intro.title, to: href('blog') },
    { title: author.name, to: href('blog-author', { id: author.slug }) },
  );
  return { author, articles, blog, crumbs, renderedAt: renderedToday() };
}
