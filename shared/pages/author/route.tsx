import { useLoaderData } from 'react-router';
import type { Infer } from 'superstruct';
import { ArticleCard } from '../../blocks/ArticleCard.tsx';
import { cardGrid } from '../../blocks/cardStyles.ts';
import { plural } from '../../blocks/format/russianPlural.ts';
import { PageHero } from '../../blocks/PageHero.tsx';
import { SectionHeader } from '../../blocks/SectionHeader.tsx';
import type { ArticlePage, Author } from '../../content/contentApi.ts';
import { requireAuthor } from '../../routes/guards.ts';
import type { PageLoaderArgs, PageMeta } from '../../routes/pageModule.ts';
import { Section } from '../../ui/Section.tsx';
import { ARTICLES_PER_PAGE, pageNumberOf, requirePageInRange } from '../listPage.ts';
import { loadPageWords, type PageWords } from '../pageWords.ts';
import { BlogWords } from './authorWords.ts';
import { lazyServerRendered } from '../../app/lazyServerRendered.tsx';

// Below the first screen: rendered in full by the server, hydrated from chunks of their own, so
// they are not part of the page's first-load JavaScript (docs/decisions/012).
const Pagination = lazyServerRendered(() => import('../../blocks/Pagination.tsx').then((module) => module.Pagination));

export interface AuthorData {
  readonly author: Author;
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
      { name: 'Главная', path: '/' },
      { name: blog.blocks.intro.title, path: '/blog/' },
      { name: author.name, path: `/blog/author/${author.slug ?? ''}/` },
    ],
  };
}

export default function AuthorPage() {
  const { author, articles, blog, renderedAt } = useLoaderData<AuthorData>();
  const path = `/blog/author/${author.slug ?? ''}/`;
  return (
    <>
      <PageHero
        title={author.name}
        eyebrow={author.position}
        lead={author.bio}
        crumbs={[{ title: 'Главная', to: '/' }, { title: blog.blocks.intro.title, to: '/blog/' }, { title: author.name, to: path }]}
      />
      <Section tone="alt" labelledBy="author-articles">
        <SectionHeader
          id="author-articles"
          title={`${articles.total} ${plural(articles.total, ['статья', 'статьи', 'статей'])}`}
        />
        <ul css={cardGrid}>
          {articles.items.map((article) => (
            <li key={article.slug}>
              <ArticleCard article={article} renderedAt={renderedAt} headingLevel="h3" showAuthor={false} />
            </li>
          ))}
        </ul>
        <Pagination basePath={path} page={articles.page} pageCount={articles.pageCount} />
      </Section>
    </>
  );
}
