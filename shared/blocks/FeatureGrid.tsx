import { css } from '@emotion/react';
import { colors, fontSizes, fontWeights, lineHeights, space } from '../theme/theme.ts';
import { bareList, columnGrid } from '../ui/layoutStyles.ts';

const grid = css`
  ${bareList}
  ${columnGrid(space[6], { md: 2, lg: 3 })}
`;

const feature = css`
  padding-top: ${space[4]};
  border-top: 1px solid ${colors.ink};
  & h3 { margin: 0 0 ${space[2]}; font-size: ${fontSizes.xl}; font-weight: ${fontWeights.bold}; line-height: ${lineHeights.heading}; }
  & p { margin: 0; color: ${colors.inkMuted}; line-height: ${lineHeights.body}; }
`;

/** Titled points (what a service includes, the agency's principles, what an intern gets). */
export function FeatureGrid({ items }: { readonly items: readonly { readonly title: string; readonly text: string }[] }) {
  return (
    <ul css={grid}>
      {items.map((item) => (
        <li css={feature} key={item.title}>
          <h3>{item.title}</h3>
          <p>{item.text}</p>
        </li>
      ))}
    </ul>
  );
}
