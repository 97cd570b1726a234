import { css } from '@emotion/react';
import { colors, fontSizes, fontWeights, lineHeights, space } from '../theme/theme.ts';
import { bareList, columnGrid } from '../ui/layoutStyles.ts';
import { TitledList, type TitledText } from './TitledList.tsx';

const grid = css`${bareList} ${columnGrid(space[6], { md: 2, lg: 3 })}`;

const feature = css`
  padding-top: ${space[4]};
  border-top: 1px solid ${colors.ink};
  & h3 { margin: 0 0 ${space[2]}; font-size: ${fontSizes.xl}; font-weight: ${fontWeights.bold}; line-height: ${lineHeights.heading}; }
  & p { margin: 0; color: ${colors.inkMuted}; line-height: ${lineHeights.body}; }
`;

/** Titled points (what a service includes, the agency's principles, what an intern gets). */
export function FeatureGrid({ items }: { readonly items: readonly TitledText[] }) {
  return <TitledList css={grid} itemCss={feature} items={items} />;
}
