import { css } from '@emotion/react';
import { useEffect, useState } from 'react';
import type { Author } from '../content/contentApi.ts';
import { Link } from '../ui/Link.tsx';
import { colors, fontSizes, space } from '../theme/theme.ts';
import { formatArticleDate, formatRelativeToNow, isoDate } from '../format/russianDates.ts';
import { href } from '../routes/links.ts';

const row = css`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${space[1]} ${space[3]};
  row-gap: ${space[1]};
  margin: 0;
  font-size: ${fontSizes.sm};
  color: ${colors.inkMuted};
`;

const separator = css`color: ${colors.borderStrong}; margin-left: ${space[3]};`;

const group = css`display: inline-flex; flex-wrap: wrap; column-gap: ${space[3]};`;

const nowrap = css`white-space: nowrap;`;

/** "Now" for relative dates: the server's day at hydration, so the words match, then the visitor's clock. */
function useNow(renderedAt: string): Date {
  const [now, setNow] = useState(() => new Date(renderedAt));
  useEffect(() => setNow(new Date()), []);
  return now;
}

const authorName = css`color: ${colors.ink}; font-weight: 600;`;

const authorLink = css`
  ${authorName}
  position: relative;
  z-index: 1;
  text-decoration: none;
  &:hover { color: ${colors.link}; text-decoration: underline; }
`;

/** Author (linked when they have a page), date (§9), how long ago (§1) and reading time. */
export function ArticleMeta({
  author,
  date,
  readingMinutes,
  renderedAt,
  showAuthor = true,
}: {
  readonly author: Author;
  readonly date: string;
  readonly readingMinutes: number;
  /** The day the server rendered the page (`renderedToday`, ISO), for hydration-stable relative time. */
  readonly renderedAt: string;
  readonly showAuthor?: boolean;
}) {
  const now = useNow(renderedAt);
  const facts = [
    <time key="date" dateTime={isoDate(date)}>
      {formatArticleDate(date)}
    </time>,
    <span key="ago">{formatRelativeToNow(date, now)}</span>,
    // «7 мин чтения»: the content service counts the minutes, a no-break space keeps them with their unit.
    <span key="reading">{`${readingMinutes}\u00a0мин чтения`}</span>,
  ];
  // The author stands apart; date, age and reading time keep together where the line allows.
  // Separators are elements, not `* + *::before`: server-rendered style tags sit between siblings.
  // Each one stays with the fact before it, so a line that wraps never starts with «·».
  return (
    <p css={row}>
      {showAuthor ? (
        author.slug ? (
          <Link css={authorLink} to={href('blog-author', { id: author.slug })}>
            {author.name}
          </Link>
        ) : (
          <span css={authorName}>{author.name}</span>
        )
      ) : null}
      <span css={group}>
        {facts.map((fact, index) =>
          index === facts.length - 1 ? (
            fact
          ) : (
            <span key={`fact-${index}`} css={nowrap} data-meta-fact="">
              {fact}
              <span css={separator} aria-hidden="true" data-meta-separator="">
                ·
              </span>
            </span>
          ),
        )}
      </span>
    </p>
  );
}
