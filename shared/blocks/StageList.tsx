import { css } from '@emotion/react';
import type { ServiceStage } from '../content/contentApi.ts';
import { VisuallyHidden } from '../ui/VisuallyHidden.tsx';
import { colors, fontSizes, fontWeights, lineHeights, mq, radii, space } from '../theme/theme.ts';

const list = css`
  counter-reset: stage;
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space[4]};
  margin: 0;
  padding: 0;
  list-style: none;
  ${mq.md} { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  ${mq.xl} { grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); }
`;

const stage = css`
  counter-increment: stage;
  display: flex;
  flex-direction: column;
  gap: ${space[3]};
  padding: ${space[5]};
  border-radius: ${radii.lg};
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
export function StageList({ stages, durationLabel }: {
  readonly stages: readonly ServiceStage[];
  /** «Срок этапа», read before each duration. */
  readonly durationLabel: string;
}) {
  return (
    <ol css={list}>
      {stages.map((item) => (
        <li css={stage} key={item.title}>
          <h3>{item.title}</h3>
          <p>{item.text}</p>
          <p css={duration}>
            <VisuallyHidden>{durationLabel}: </VisuallyHidden>
            {item.duration}
          </p>
        </li>
      ))}
    </ol>
  );
}
