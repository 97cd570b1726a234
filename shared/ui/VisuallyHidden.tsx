import { css } from '@emotion/react';
import type { ElementProps } from './elementProps.ts';

/** Hidden on screen, read by screen readers (labels, "opens in a new tab" notes). */
export const visuallyHiddenStyles = css`
  position: absolute !important;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  clip-path: inset(50%);
  white-space: nowrap;
  border: 0;
`;

export function VisuallyHidden({ as: Tag = 'span', children, ...rest }: ElementProps) {
  return (
    <Tag css={visuallyHiddenStyles} {...rest}>
      {children}
    </Tag>
  );
}
