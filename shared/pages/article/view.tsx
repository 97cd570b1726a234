import { css } from '@emotion/react';
import { useLoaderData } from 'react-router';
import { StaticPart } from '../../ui/StaticPart.tsx';
import { ArticleMeta } from '../../blocks/ArticleMeta.tsx';
import { ArticleTags } from '../../blocks/ArticleTags.tsx';
import { CardGrid } from '../../blocks/CardGrid.tsx';
import { CoverImage, PAGE_COVER_SIZES } from '../../blocks/CoverImage.tsx';
import { HtmlBody } from '../../blocks/HtmlBody.tsx';
import { HeadedSection } from '../../blocks/SectionHeader.tsx';
import { colors, fontSizes, lineHeights, mq, space } from '../../theme/theme.ts';
import { Breadcrumbs } from '../../ui/Breadcrumbs.tsx';
import { Container } from '../../ui/Container.tsx';
import { Heading } from '../../ui/Heading.tsx';
import { AuthorCard } from './AuthorCard.tsx';
import { lazyServerRendered } from '../../browser/lazyServerRendered.tsx';
import type { ArticleData } from './loader.ts';

// Below the first screen, hydrated from chunks of their own (decision 014).
const ArticleCard = lazyServerRendered(() => import('../../blocks/ArticleCard.tsx').then((module) => module.ArticleCard));
const SubscribeSection = lazyServerRendered(() => import('../../blocks/SubscribeSection.tsx').then((module) => module.SubscribeSection));

const header = css`padding-block: ${space[6]} ${space[7]}; & h1 { margin: ${space[5]} 0 0; max-width: 24ch; text-wrap: balance; }`;

/** The reading column: centred, about 70 characters of body text per line. */
const narrow = css`max-width: 46rem; margin-inline: auto;`;

const lead = css`
  margin: ${space[5]} 0 ${space[5]};
  font-size: ${fontSizes.xl};
  line-height: ${lineHeights.body};
  color: ${colors.inkMuted};
`;

const cover = css`margin: 0 0 ${space[7]}; ${mq.lg} { margin-bottom: ${space[8]}; }`;

const body = css`display: grid; grid-template-columns: minmax(0, 1fr); gap: ${space[8]}; padding-bottom: ${space[8]};`;

export default function ArticlePage() {
  const { article, related, blog, crumbs, renderedAt } = useLoaderData<ArticleData>();
  return (
    <>
      <article aria-labelledby="article-title">
        <Container>
          <StaticPart as="header" css={[header, narrow]}>
            <Breadcrumbs items={crumbs} />
            <Heading level={1} size="h2" id="article-title">
              {article.title}
            </Heading>
            <p css={lead}>{article.description}</p>
            <ArticleMeta author={article.author} date={article.date} readingMinutes={article.readingMinutes} renderedAt={renderedAt} />
          </StaticPart>
          <figure css={cover}>
            <CoverImage src={article.cover} priority sizes={PAGE_COVER_SIZES} />
          </figure>
          <StaticPart css={[body, narrow]}>
            <HtmlBody html={article.html} />
            <ArticleTags tags={article.tags} />
            <AuthorCard author={article.author} />
          </StaticPart>
        </Container>
      </article>
      {related.length > 0 ? (
        <HeadedSection tone="alt" headingId="article-related" title="Читайте также">
          <CardGrid items={related} card={(item) => <ArticleCard article={item} renderedAt={renderedAt} headingLevel="h3" />} />
        </HeadedSection>
      ) : null}
      <SubscribeSection block={blog.blocks.subscribe} />
    </>
  );
}
