import { css } from '@emotion/react';
import type { ServiceNode } from '../../content/contentApi.ts';
import { colors, fontSizes, fontWeights, lineHeights, radii, space } from '../../theme/theme.ts';
import { Link } from '../../ui/Link.tsx';
import { href } from '../../routes/links.ts';
import { bareList, columnGrid } from '../../ui/layoutStyles.ts';

const grid = css`${bareList} ${columnGrid(space[3], { sm: 2, lg: 3 })}`;

const item = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${space[3]};
  height: 100%;
  min-height: 4.5rem;
  padding: ${space[4]} ${space[5]};
  border-radius: ${radii.md};
  background: ${colors.surface};
  color: ${colors.ink};
  font-size: ${fontSizes.lg};
  font-weight: ${fontWeights.semibold};
  line-height: ${lineHeights.heading};
  text-decoration: none;
  &::after { content: '→'; color: ${colors.inkMuted}; }
  &:hover { color: ${colors.link}; }
  &:hover::after { color: ${colors.link}; }
`;

/** The sub-services of a direction (e.g. the kinds of sites under «Разработка сайтов»). */
export function SubServices({ services }: { readonly services: readonly ServiceNode[] }) {
  return (
    <ul css={grid}>
      {services.map((service) => (
        <li key={service.path}>
          <Link css={item} to={href('service', { '*': service.path })}>
            {service.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}
