import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { colors, fontWeights } from '../theme/theme.ts';

// Serialized once, not on every render.
const markStyles = css`flex: none; overflow: visible;`;
const lockupStyles = css`display: inline-flex; align-items: center; gap: 10px; color: inherit;`;

/** Pupil offsets, in units of the 48×48 mark; (0, 0) looks straight ahead. */
export interface Gaze {
  readonly x: number;
  readonly y: number;
}

export const EYES = [
  { cx: 17, cy: 20 },
  { cx: 31, cy: 20 },
] as const;

/** The mark: an orange hull with two eyes, pupils placed by `gaze`; `children` adds animation layers. */
export function LogoMark({ gaze = { x: 0, y: 0 }, size = 40, children }: { gaze?: Gaze; size?: number; children?: ReactNode }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false" css={markStyles}>
      <path d="M6 14c0-5.5 4.5-10 10-10h16c5.5 0 10 4.5 10 10v10c0 11-8 20-18 20S6 35 6 24V14Z" fill={colors.accent} />
      <path d="M10 33c4 2.5 8.5 3.5 14 3.5S34 35.5 38 33" fill="none" stroke={colors.navy} strokeWidth="2.5" strokeLinecap="round" />
      {EYES.map((eye) => (
        <g key={eye.cx}>
          <circle cx={eye.cx} cy={eye.cy} r="5.5" fill={colors.white} />
          <circle cx={eye.cx + gaze.x} cy={eye.cy + gaze.y} r="2.6" fill={colors.navy} data-pupil="" />
        </g>
      ))}
      {children}
    </svg>
  );
}

const wordmarkStyles = css`
  font-weight: ${fontWeights.extrabold};
  font-size: 1.5rem;
  letter-spacing: -0.03em;
  line-height: 1;
`;

/** Mark and name «Верфь»; colour follows the surrounding text (light and dark header). */
export function Logo({ size = 40 }: { readonly size?: number }) {
  return (
    <span css={lockupStyles}>
      <LogoMark size={size} />
      <span css={wordmarkStyles}>Верфь</span>
    </span>
  );
}
