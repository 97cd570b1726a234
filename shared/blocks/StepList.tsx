import { css } from '@emotion/react';
import { colors, fontSizes, fontWeights, lineHeights, space } from '../theme/theme.ts';
import { bareList, columnGrid, fittingColumns, roundBadge } from '../ui/layoutStyles.ts';
import { TitledList, type TitledText } from './TitledList.tsx';

const list = css`
  ${bareList}
  ${columnGrid(`${space[6]} ${space[5]}`, { md: 2, lg: fittingColumns('13rem') })}
  counter-reset: step;
`;

const step = css`
  counter-increment: step;
  position: relative;
  padding-top: ${space[7]};
  &::before {
    ${roundBadge('2.5rem')}
    content: counter(step);
    position: absolute;
    top: 0;
    left: 0;
    background: ${colors.accent};
    color: ${colors.navy};
    font-weight: ${fontWeights.extrabold};
  }
  & h3 { margin: ${space[3]} 0 ${space[2]}; font-size: ${fontSizes.xl}; font-weight: ${fontWeights.bold}; line-height: ${lineHeights.heading}; }
  & p { margin: 0; color: ${colors.inkMuted}; line-height: ${lineHeights.body}; }
  [data-surface='dark'] & p { color: ${colors.onNavyMuted}; }
`;

/** Numbered steps of a process (hiring, what happens after a request, how referral works). */
export function StepList({ steps }: { readonly steps: readonly TitledText[] }) {
  return <TitledList css={list} itemCss={step} items={steps} ordered />;
}
