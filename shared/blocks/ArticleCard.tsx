import type { ArticleSummary } from '../content/contentApi.ts';
import { Link } from '../ui/Link.tsx';
import { ArticleMeta } from './ArticleMeta.tsx';
import { ArticleTags } from './ArticleTags.tsx';
import { card, cardMedia, cardText, cardTitle, stretchedLink } from './cardStyles.ts';
import { CoverImage } from './CoverImage.tsx';
import { href } from '../routes/links.ts';

export type CardHeading = 'h2' | 'h3';

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
  const Heading = headingLevel;
  return (
    <article css={card}>
      <div css={cardMedia}>
        <CoverImage src={article.cover} />
      </div>
      <ArticleTags tags={article.tags} />
      <Heading css={cardTitle}>
        <Link className="card-title-link" css={stretchedLink} to={href('article', { slug: article.slug })}>
          {article.title}
        </Link>
      </Heading>
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
