import { css } from '@emotion/react';
import type { ArticleFilter } from '../content/contentApi.ts';
import { Link } from '../ui/Link.tsx';
import { colors, fontSizes, space } from '../theme/theme.ts';
import { href } from '../routes/links.ts';
import { bareList } from '../ui/layoutStyles.ts';
import { pillLink } from '../ui/pillLink.ts';

const list = css`${bareList} display: flex; flex-wrap: wrap; gap: ${space[2]};`;

const tag = css`
  ${pillLink}
  padding: 0 ${space[4]};
  font-size: ${fontSizes.sm};
  white-space: nowrap;
  &:hover { background: ${colors.surfaceAlt}; }
`;

/** The blog's tag filter: «Все статьи» and one link per tag (§3 Blog tag), current one marked. */
export function TagFilter({
  tags,
  allLabel,
  label,
}: {
  readonly tags: readonly ArticleFilter[];
  readonly allLabel: string;
  readonly label: string;
}) {
  return (
    <nav aria-label={label}>
      <ul css={list}>
        <li>
          <Link nav css={tag} to={href('blog')} end>
            {allLabel}
          </Link>
        </li>
        {tags.map((item) => (
          <li key={item.slug}>
            <Link nav css={tag} to={href('blog-tag', { slug: item.slug })}>
              {item.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
