import { css } from '@emotion/react';
import type { ServiceStage } from '../content/contentApi.ts';
import { VisuallyHidden } from '../ui/VisuallyHidden.tsx';
import { TitledList } from './TitledList.tsx';
import { bareList, columnGrid, fittingColumns, paddedStack } from '../ui/layoutStyles.ts';
import { colors, fontSizes, fontWeights, lineHeights, radii, space } from '../theme/theme.ts';

const list = css`${bareList} ${columnGrid(space[4], { md: 2, xl: fittingColumns('14rem') })} counter-reset: stage;`;

const stage = css`
  ${paddedStack({ gap: space[3], padding: space[5], radius: radii.lg })}
  counter-increment: stage;
  background: ${colors.navyRaised};
  color: ${colors.white};
  &::before {
    content: counter(stage, decimal-leading-zero);
    color: ${colors.accent};
    font-size: ${fontSizes.h3};
    font-weight: ${fontWeights.extrabold};
    line-height: 1;
  }
  & h3 { margin: 0; font-size: ${fontSizes.xl}; line-height: ${lineHeights.heading}; font-weight: ${fontWeights.bold}; }
  & p { margin: 0; color: ${colors.onNavyMuted}; line-height: ${lineHeights.body}; }
`;

const duration = css`
  margin-top: auto !important;
  padding-top: ${space[3]};
  border-top: 1px solid rgba(255, 255, 255, 0.16);
  color: ${colors.white} !important;
  font-weight: ${fontWeights.semibold};
`;

/** Numbered work stages with their durations (service pages), laid on a dark section. */
export function StageList({
  stages,
  durationLabel,
}: {
  readonly stages: readonly ServiceStage[];
  /** «Срок этапа», read before each duration. */
  readonly durationLabel: string;
}) {
  return (
    <TitledList
      css={list}
      itemCss={stage}
      items={stages}
      ordered
      more={(item) => (
        <p css={duration}>
          <VisuallyHidden>{durationLabel}: </VisuallyHidden>
          {item.duration}
        </p>
      )}
    />
  );
}
