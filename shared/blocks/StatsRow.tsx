import { css } from '@emotion/react';
import { colors, fontSizes, fontWeights, lineHeights, mq, space } from '../theme/theme.ts';

const list = css`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${space[5]} ${space[4]};
  margin: 0;
  padding: 0;
  ${mq.lg} { grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr)); }
`;

const item = css`
  display: flex;
  flex-direction: column-reverse;
  gap: ${space[2]};
  padding-top: ${space[4]};
  border-top: 2px solid ${colors.accent};
  & dt { color: ${colors.inkMuted}; font-size: ${fontSizes.md}; line-height: ${lineHeights.body}; }
  & dd {
    margin: 0;
    font-size: ${fontSizes.h2};
    font-weight: ${fontWeights.extrabold};
    line-height: ${lineHeights.tight};
    font-variant-numeric: tabular-nums;
  }
`;

const onDark = css`& dt { color: ${colors.onNavyMuted}; } & dd { color: ${colors.white}; }`;

const onLight = css`& dd { color: ${colors.ink}; }`;

/** Figures with their meaning: project results, the agency in numbers. */
export function StatsRow({
  items,
  tone = 'light',
}: {
  readonly items: readonly { readonly value: string; readonly label: string }[];
  readonly tone?: 'light' | 'dark';
}) {
  return (
    <dl css={list}>
      {items.map((stat) => (
        <div css={[item, tone === 'dark' ? onDark : onLight]} key={`${stat.value}-${stat.label}`}>
          <dt>{stat.label}</dt>
          <dd>{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
