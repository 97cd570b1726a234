import { css } from '@emotion/react';
import { colors, fontWeights, radii } from '../theme/theme.ts';

/**
 * A link drawn as a pill at least a touch target high (44 px), the current page's filled: the
 * page numbers of a list and the blog's tag filter. Each adds its own width, padding and size.
 */
export const pillLink = css`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  border-radius: ${radii.pill};
  border: 1px solid ${colors.borderStrong};
  color: ${colors.ink};
  font-weight: ${fontWeights.semibold};
  text-decoration: none;
  &:hover { border-color: ${colors.ink}; }
  &[aria-current='page'] { background: ${colors.navy}; border-color: ${colors.navy}; color: ${colors.white}; }
`;
