import { css } from '@emotion/react';
import { colors, fontWeights, radii } from '../theme/theme.ts';

/** A link drawn as a pill, a 44 px touch target, the current page's filled (page numbers, tag filter). */
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
