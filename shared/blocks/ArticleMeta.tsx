import { css } from '@emotion/react';
import type { Author } from '../content/contentApi.ts';
import { Link } from '../ui/Link.tsx';
import { colors, fontSizes, space } from '../theme/theme.ts';
import { formatReadingTime } from './format/readingTime.ts';
import { formatArticleDate, formatRelativeToNow, isoDate } from './format/russianDates.ts';
import { useNow } from './format/useNow.ts';

const row = css`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${space[1]} ${space[3]};
  margin: 0;
  font-size: ${fontSizes.sm};
  color: ${colors.inkMuted};
  & > * { margin: 0; }
  & > * + *::before { content: '·'; margin-right: ${space[3]}; color: ${colors.borderStrong}; }
`;

const authorLink = css`
  position: relative;
  z-index: 1;
  color: ${colors.ink};
  font-weight: 600;
  text-decoration: none;
  &:hover { color: ${colors.link}; text-decoration: underline; }
`;

/**
 * Author, date (`dd MMM yyyy`, §9), how long ago (§1 Russian relative time) and reading time.
 * The author links to their page unless they have none (§3: ids 9 and 10 left the agency).
 */
export function ArticleMeta({ author, date, readingMinutes, renderedAt, showAuthor = true }: {
  readonly author: Author;
  readonly date: string;
  readonly readingMinutes: number;
  /** Moment the server rendered the page (ISO), for hydration-stable relative time. */
  readonly renderedAt: string;
  readonly showAuthor?: boolean;
}) {
  const now = useNow(renderedAt);
  return (
    <p css={row}>
      {showAuthor ? (
        author.slug ? (
          <Link css={authorLink} to={`/blog/author/${author.slug}/`}>{author.name}</Link>
        ) : (
          <span>{author.name}</span>
        )
      ) : null}
      <time dateTime={isoDate(date)}>
        {formatArticleDate(date)}
      </time>
      <span>{formatRelativeToNow(date, now)}</span>
      <span>{formatReadingTime(readingMinutes)}</span>
    </p>
  );
}
