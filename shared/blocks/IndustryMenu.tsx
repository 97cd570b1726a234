import { css } from '@emotion/react';
import type { ProjectFilter } from '../content/contentApi.ts';
import { Link } from '../ui/Link.tsx';
import { colors, fontSizes, fontWeights, radii, space } from '../theme/theme.ts';
import { industryColumns } from './industryColumns.ts';
import { href } from '../routes/links.ts';
import { bareList, columnGrid } from '../ui/layoutStyles.ts';

const columns = columnGrid(`0 ${space[6]}`, { sm: 2 });

const link = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${space[3]};
  min-height: 44px;
  padding: ${space[2]} ${space[3]};
  border-radius: ${radii.sm};
  color: ${colors.ink};
  font-size: ${fontSizes.lg};
  font-weight: ${fontWeights.medium};
  text-decoration: none;
  &:hover { background: ${colors.surfaceAlt}; }
  &[aria-current='page'] { background: ${colors.navy}; color: ${colors.white}; }
`;

/** The portfolio's industry menu (§2), in two columns; the current one `aria-current`. */
export function IndustryMenu({
  industries,
  allLabel,
  label,
}: {
  readonly industries: readonly ProjectFilter[];
  /** Label of the link to the whole portfolio. */
  readonly allLabel: string;
  /** Accessible name of the navigation landmark. */
  readonly label: string;
}) {
  const [first, rest] = industryColumns(industries);
  const item = (to: string, title: string, end = false) => (
    <li key={to}>
      <Link nav css={link} to={to} end={end}>
        {title}
      </Link>
    </li>
  );
  return (
    <nav aria-label={label} css={columns}>
      <ul css={bareList}>
        {item(href('projects'), allLabel, true)}
        {first.map((industry) => item(href('projects-industry', { slug: industry.slug }), industry.title))}
      </ul>
      <ul css={bareList}>{rest.map((industry) => item(href('projects-industry', { slug: industry.slug }), industry.title))}</ul>
    </nav>
  );
}
