import { css } from '@emotion/react';
import type { ArticleFilter } from '../content/contentApi.ts';
import { Link } from '../ui/Link.tsx';
import { colors, fontSizes, fontWeights, radii, space } from '../theme/theme.ts';
import { href } from '../routes/links.ts';
import { bareList } from '../ui/layoutStyles.ts';

const list = css`
  ${bareList}
  display: flex;
  flex-wrap: wrap;
  gap: ${space[2]};
`;

const tag = css`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: 0 ${space[4]};
  border-radius: ${radii.pill};
  border: 1px solid ${colors.borderStrong};
  color: ${colors.ink};
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.semibold};
  text-decoration: none;
  white-space: nowrap;
  &:hover { border-color: ${colors.ink}; background: ${colors.surfaceAlt}; }
  &[aria-current='page'] { background: ${colors.navy}; border-color: ${colors.navy}; color: ${colors.white}; }
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
