import { css } from '@emotion/react';
import type { ElementProps } from './elementProps.ts';
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
export function Container({ as: Tag = 'div', children, ...rest }: ElementProps) {
  return (
    <Tag css={containerStyles} {...rest}>
      {children}
    </Tag>
  );
}
