import { css } from '@emotion/react';
import { colors, fontWeights, radii, space, zIndex } from '../theme/theme.ts';

const styles = css`
  position: fixed;
  top: ${space[2]};
  left: ${space[2]};
  z-index: ${zIndex.skipLink};
  padding: ${space[3]} ${space[4]};
  border-radius: ${radii.sm};
  background: ${colors.navy};
  color: ${colors.white};
  font-weight: ${fontWeights.semibold};
  text-decoration: none;
  transform: translateY(-200%);
  &:focus, &:focus-visible { transform: none; color: ${colors.white}; outline: 3px solid ${colors.focusOnNavy}; }
`;

/** First focusable element of every page: keyboard users jump past the header to `<main id>`. */
export function SkipLink() {
  return (
    <a href="#main" css={styles}>
      Перейти к основному содержимому
    </a>
  );
}
