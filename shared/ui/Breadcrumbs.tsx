import { css } from '@emotion/react';
import { colors, fontSizes, space } from '../theme/theme.ts';
import type { Crumb } from '../routes/trail.ts';
import { Link } from './Link.tsx';

const styles = css`
  font-size: ${fontSizes.sm};
  ol { display: flex; flex-wrap: wrap; gap: ${space[1]} ${space[2]}; margin: 0; padding: 0; list-style: none; }
  li { display: inline-flex; align-items: center; gap: ${space[2]}; color: ${colors.inkMuted}; }
  li + li::before { content: '/'; color: ${colors.inkMuted}; }
  a { color: ${colors.inkMuted}; }
  a:hover { color: ${colors.link}; }
  [aria-current='page'] { color: ${colors.ink}; }
`;

/** Path to the current page; the last crumb is the page itself and is not a link. */
export function Breadcrumbs({ items }: { readonly items: readonly Crumb[] }) {
  return (
    <nav aria-label="Хлебные крошки" css={styles}>
      <ol>
        {items.map((item, index) =>
          index === items.length - 1 ? (
            <li key={item.to}>
              <span aria-current="page">{item.title}</span>
            </li>
          ) : (
            <li key={item.to}>
              <Link to={item.to}>{item.title}</Link>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
