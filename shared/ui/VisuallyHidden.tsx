import { css } from '@emotion/react';
import type { ElementType, HTMLAttributes, ReactNode } from 'react';

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

export function VisuallyHidden({
  as: Tag = 'span',
  children,
  ...rest
}: HTMLAttributes<HTMLElement> & { readonly as?: ElementType; readonly children: ReactNode }) {
  return (
    <Tag css={visuallyHiddenStyles} {...rest}>
      {children}
    </Tag>
  );
}
