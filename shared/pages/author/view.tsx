import { useLoaderData } from 'react-router';
import { ArticleCard } from '../../blocks/ArticleCard.tsx';
import { CardGrid } from '../../blocks/CardGrid.tsx';
import { plural } from '../../format/russianPlural.ts';
import { PageHero } from '../../blocks/PageHero.tsx';
import { HeadedSection } from '../../blocks/SectionHeader.tsx';
import { lazyServerRendered } from '../../browser/lazyServerRendered.tsx';
import { href } from '../../routes/links.ts';
import type { AuthorData } from './loader.ts';

// Below the first screen, hydrated from chunks of their own (decision 014).
const Pagination = lazyServerRendered(() => import('../../blocks/Pagination.tsx').then((module) => module.Pagination));

export default function AuthorPage() {
  const { author, articles, crumbs, renderedAt } = useLoaderData<AuthorData>();
  const path = href('blog-author', { id: author.slug });
  return (
    <>
      <PageHero title={author.name} eyebrow={author.position} lead={author.bio} crumbs={crumbs} />
      <HeadedSection
        tone="alt"
        headingId="author-articles"
        title={`${articles.total} ${plural(articles.total, ['статья', 'статьи', 'статей'])}`}
      >
        <CardGrid
          items={articles.items}
          card={(article) => <ArticleCard article={article} renderedAt={renderedAt} headingLevel="h3" showAuthor={false} />}
        />
        <Pagination basePath={path} page={articles.page} pageCount={articles.pageCount} />
      </HeadedSection>
    </>
  );
}
