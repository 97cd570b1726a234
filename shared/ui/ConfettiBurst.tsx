import { css, keyframes } from '@emotion/react';
import { useState, type CSSProperties } from 'react';
import { colors, durations } from '../theme/theme.ts';

const burst = keyframes`
  0% { transform: translate(-50%, -50%) rotate(0deg) scale(0.6); opacity: 1; }
  80% { opacity: 1; }
  100% { transform: translate(calc(-50% + var(--dx)), calc(-50% + var(--dy))) rotate(var(--spin)) scale(1); opacity: 0; }
`;

const layerStyles = css`position: absolute; inset: 0; pointer-events: none; overflow: visible;`;

const pieceStyles = css`
  position: absolute;
  left: 50%;
  top: 50%;
  width: 7px;
  height: 11px;
  border-radius: 2px;
  animation: ${burst} ${durations.confetti}ms cubic-bezier(0.15, 0.6, 0.3, 1) forwards;
`;

const PALETTE = [colors.accent, colors.link, colors.navy, colors.success, '#ffd23f'];
const PIECES = 14;

function makePieces(): CSSProperties[] {
  return Array.from({ length: PIECES }, (_, index) => {
    const angle = (index / PIECES) * Math.PI * 2 + Math.random() * 0.4;
    const distance = 40 + Math.random() * 50;
    return {
      background: PALETTE[index % PALETTE.length],
      '--dx': `${Math.cos(angle) * distance}px`,
      '--dy': `${Math.sin(angle) * distance - 20}px`,
      '--spin': `${Math.round(Math.random() * 540 - 270)}deg`,
    } as CSSProperties;
  });
}

/** One burst of paper pieces (see `useConfetti`), in its own chunk: loaded on the first hover. */
export function ConfettiBurst() {
  const [pieces] = useState(makePieces);
  return (
    <span css={layerStyles} aria-hidden="true" data-confetti="active">
      {pieces.map((style, index) => (
        <span key={index} css={pieceStyles} style={style} />
      ))}
    </span>
  );
}
