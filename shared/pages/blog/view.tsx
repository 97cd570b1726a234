import { css } from '@emotion/react';
import { useEffect } from 'react';
import { useLoaderData } from 'react-router';
import { ArticleCard } from '../../blocks/ArticleCard.tsx';
import { CardGrid } from '../../blocks/CardGrid.tsx';
import { listHeroWords, PageHero } from '../../blocks/PageHero.tsx';
import { TagFilter } from '../../blocks/TagFilter.tsx';
import { TAG_LIST_FAILURE_MESSAGE } from '../../content/contentApi.ts';
import { colors, fontSizes, space } from '../../theme/theme.ts';
import { Section } from '../../ui/Section.tsx';
import { toast } from '../../ui/Toast.tsx';
import { VisuallyHidden } from '../../ui/VisuallyHidden.tsx';
import { lazyServerRendered } from '../../browser/lazyServerRendered.tsx';
import { href } from '../../routes/links.ts';
import type { BlogData } from './loader.ts';

// Below the first screen, hydrated from chunks of their own (decision 014).
const Pagination = lazyServerRendered(() => import('../../blocks/Pagination.tsx').then((module) => module.Pagination));
const SubscribeSection = lazyServerRendered(() => import('../../blocks/SubscribeSection.tsx').then((module) => module.SubscribeSection));

const toolbar = css`margin-bottom: ${space[7]};`;

const empty = css`margin: 0; font-size: ${fontSizes.lg}; color: ${colors.inkMuted};`;

export default function BlogPage() {
  const { words, tag, tags, tagsFailed, articles, crumbs, renderedAt } = useLoaderData<BlogData>();
  const { blocks } = words;
  // Shown once per visit of a page whose tags failed.
  useEffect(() => {
    if (tagsFailed) toast.error(TAG_LIST_FAILURE_MESSAGE);
  }, [tagsFailed]);
  const basePath = tag ? href('blog-tag', { slug: tag.slug }) : href('blog');
  return (
    <>
      <PageHero {...listHeroWords(blocks.intro, tag)} crumbs={crumbs} />
      <Section labelledBy="blog-articles" flushTop>
        <VisuallyHidden as="h2" id="blog-articles">
          {articles.page > 1 ? `${blocks.intro.title}, страница ${articles.page}` : blocks.intro.title}
        </VisuallyHidden>
        {tags.length > 0 ? (
          <div css={toolbar}>
            <TagFilter tags={tags} allLabel={blocks.filters.allLabel} label={blocks.filters.title} />
          </div>
        ) : null}
        {articles.items.length > 0 ? (
          <CardGrid
            items={articles.items}
            card={(article) => <ArticleCard article={article} renderedAt={renderedAt} headingLevel="h3" />}
          />
        ) : (
          <p css={empty}>Статей пока нет.</p>
        )}
        <Pagination basePath={basePath} page={articles.page} pageCount={articles.pageCount} />
      </Section>
      <SubscribeSection block={blocks.subscribe} />
    </>
  );
}
