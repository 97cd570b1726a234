import { useLoaderData } from 'react-router';
import type { Infer } from 'superstruct';
import { ArticleCard } from '../../blocks/ArticleCard.tsx';
import { cardGrid } from '../../blocks/cardStyles.ts';
import { plural } from '../../blocks/format/russianPlural.ts';
import { PageHero } from '../../blocks/PageHero.tsx';
import { HeadedSection } from '../../blocks/SectionHeader.tsx';
import type { ArticlePage } from '../../content/contentApi.ts';
import { requireAuthor, type AuthorWithPage } from '../../routes/guards.ts';
import type { PageLoaderArgs, PageMeta } from '../../routes/pageModule.ts';
import { ARTICLES_PER_PAGE, pageNumberOf, requirePageInRange } from '../listPage.ts';
import { loadPageWords, type PageWords } from '../pageWords.ts';
import { BlogWords } from './authorWords.ts';
import { lazyServerRendered } from '../../app/lazyServerRendered.tsx';
import { href } from '../../routes/links.ts';

// Below the first screen: rendered in full by the server, hydrated from chunks of their own, so
// they are not part of the page's first-load JavaScript (docs/decisions/014).
const Pagination = lazyServerRendered(() => import('../../blocks/Pagination.tsx').then((module) => module.Pagination));

export interface AuthorData {
  readonly author: AuthorWithPage;
  readonly articles: ArticlePage;
  readonly blog: PageWords<Infer<typeof BlogWords>>;
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
  return { author, articles, blog, renderedAt: new Date().toISOString() };
}

export function meta({ author, blog }: AuthorData): PageMeta {
  return {
    title: `${author.name} — ${blog.title}`,
    description: `${author.position}. ${author.bio}`,
    type: 'profile',
    breadcrumbs: [
      { name: 'Главная', path: href('home') },
      { name: blog.blocks.intro.title, path: href('blog') },
      { name: author.name, path: href('blog-author', { id: author.slug }) },
    ],
  };
}

export default function AuthorPage() {
  const { author, articles, blog, renderedAt } = useLoaderData<AuthorData>();
  const path = href('blog-author', { id: author.slug });
  return (
    <>
      <PageHero
        title={author.name}
        eyebrow={author.position}
        lead={author.bio}
        crumbs={[
          { title: 'Главная', to: href('home') },
          { title: blog.blocks.intro.title, to: href('blog') },
          { title: author.name, to: path },
        ]}
      />
      <HeadedSection
        tone="alt"
        headingId="author-articles"
        title={`${articles.total} ${plural(articles.total, ['статья', 'статьи', 'статей'])}`}
      >
        <ul css={cardGrid}>
          {articles.items.map((article) => (
            <li key={article.slug}>
              <ArticleCard article={article} renderedAt={renderedAt} headingLevel="h3" showAuthor={false} />
            </li>
          ))}
        </ul>
        <Pagination basePath={path} page={articles.page} pageCount={articles.pageCount} />
      </HeadedSection>
    </>
  );
}
