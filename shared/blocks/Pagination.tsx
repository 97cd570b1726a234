import { css } from '@emotion/react';
import { Link } from '../ui/Link.tsx';
import { colors, fontSizes, space } from '../theme/theme.ts';
import { pageHref, pageWindow } from './pagination.ts';
import { bareList } from '../ui/layoutStyles.ts';
import { pillLink } from '../ui/pillLink.ts';

const nav = css`display: flex; justify-content: center; margin-top: ${space[8]};`;

const list = css`${bareList} display: flex; flex-wrap: wrap; align-items: center; justify-content: center; gap: ${space[2]};`;

const cell = css`
  ${pillLink}
  justify-content: center;
  min-width: 44px;
  height: 44px;
  padding: 0 ${space[3]};
  border-color: ${colors.border};
  font-size: ${fontSizes.md};
`;

const gap = css`border-color: transparent; color: ${colors.inkMuted};`;

/** Numbered pages of a list (`?page=N`), with previous and next links. */
export function Pagination({
  basePath,
  page,
  pageCount,
}: {
  readonly basePath: string;
  readonly page: number;
  readonly pageCount: number;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav css={nav} aria-label="Страницы">
      <ul css={list}>
        {page > 1 ? (
          <li>
            <Link css={cell} to={pageHref(basePath, page - 1)} rel="prev">
              ← Назад
            </Link>
          </li>
        ) : null}
        {pageWindow(page, pageCount).map((number, index) =>
          number === null ? (
            <li key={`gap-${index}`}>
              <span css={[cell, gap]} aria-hidden="true">
                …
              </span>
            </li>
          ) : (
            <li key={number}>
              <Link
                css={cell}
                to={pageHref(basePath, number)}
                aria-current={number === page ? 'page' : undefined}
                aria-label={`Страница ${number}`}
              >
                {number}
              </Link>
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link css={cell} to={pageHref(basePath, page + 1)} rel="next">
              Вперёд →
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
