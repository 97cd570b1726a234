import { css } from '@emotion/react';
import { colors, radii, space } from '../theme/theme.ts';

/** The cross of every close button (dialogs, the feedback window, the burger menu). */
export function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** The round close button in the top corner of a light panel: a 44 px touch target. */
export const panelCloseStyles = css`
  position: absolute;
  top: ${space[3]};
  right: ${space[3]};
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border: 0;
  border-radius: ${radii.pill};
  background: ${colors.surfaceAlt};
  color: ${colors.ink};
  &:hover { background: ${colors.border}; }
  svg { width: 20px; height: 20px; }
`;
