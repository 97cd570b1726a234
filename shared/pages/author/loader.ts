import type { ArticlePage } from '../../content/contentApi.ts';
import { requireAuthor, type AuthorWithPage } from '../../page-kit/guards.ts';
import { href } from '../../routes/links.ts';
import type { PageLoaderArgs } from '../../page-kit/pageModule.ts';
import { trailFromHome, type Crumb } from '../../routes/trail.ts';
import { ARTICLES_PER_PAGE, pageNumberOf, requirePageInRange } from '../listPage.ts';
import { loadPageWords, type WordsOf } from '../pageWords.ts';
import { BlogWords } from './authorWords.ts';
import { renderedToday } from '../../format/russianDates.ts';

export interface AuthorData {
  readonly author: AuthorWithPage;
  readonly articles: ArticlePage;
  readonly blog: WordsOf<typeof BlogWords>;
  /** Home → blog → the author. */
  readonly crumbs: readonly Crumb[];
  readonly renderedAt: string;
}

// §2: numeric ids were redirected by `redirect-author`; a slug must name an author with a page.
export async function loader({ params, context, request }: PageLoaderArgs): Promise<AuthorData> {
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
