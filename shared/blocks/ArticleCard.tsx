import type { ArticleSummary } from '../content/contentApi.ts';
import { ArticleMeta } from './ArticleMeta.tsx';
import { ArticleTags } from './ArticleTags.tsx';
import { card, cardMedia, cardText } from './cardStyles.ts';
import { CardTitle, type CardHeading } from './CardTitle.tsx';
import { CoverImage } from './CoverImage.tsx';
import { href } from '../routes/links.ts';

/** One article in a list (blog, author page, related articles, home). */
export function ArticleCard({
  article,
  renderedAt,
  headingLevel = 'h2',
  showAuthor = true,
}: {
  readonly article: ArticleSummary;
  readonly renderedAt: string;
  readonly headingLevel?: CardHeading;
  readonly showAuthor?: boolean;
}) {
  return (
    <article css={card}>
      <div css={cardMedia}>
        <CoverImage src={article.cover} />
      </div>
      <ArticleTags tags={article.tags} />
      <CardTitle level={headingLevel} to={href('article', { slug: article.slug })}>
        {article.title}
      </CardTitle>
      <p css={cardText}>{article.description}</p>
      <ArticleMeta
        author={article.author}
        date={article.date}
        readingMinutes={article.readingMinutes}
        renderedAt={renderedAt}
        showAuthor={showAuthor}
      />
    </article>
  );
}
