import { css } from '@emotion/react';
import type { HTMLAttributes } from 'react';
import { layout, mq, space } from '../theme/theme.ts';

export const containerStyles = css`
  width: 100%;
  max-width: ${layout.containerMax}px;
  margin-inline: auto;
  padding-inline: ${space[4]};
  ${mq.md} { padding-inline: ${space[6]}; }
  ${mq.xl} { padding-inline: ${space[7]}; }
`;

/** The content column: full width on phones, centred with gutters that grow with the screen. */
export function Container(props: HTMLAttributes<HTMLDivElement>) {
  return <div css={containerStyles} {...props} />;
}
