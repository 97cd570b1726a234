import { css, keyframes } from '@emotion/react';
import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { colors, durations } from '../theme/theme.ts';
import { prefersReducedMotion } from './motion.ts';

const burst = keyframes`
  0% { transform: translate(-50%, -50%) rotate(0deg) scale(0.6); opacity: 1; }
  80% { opacity: 1; }
  100% { transform: translate(calc(-50% + var(--dx)), calc(-50% + var(--dy))) rotate(var(--spin)) scale(1); opacity: 0; }
`;

const layerStyles = css`
  position: absolute;
  inset: 0;
  pointer-events: none;
  overflow: visible;
`;

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

interface Burst {
  readonly id: number;
  readonly pieces: readonly CSSProperties[];
}

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

/**
 * §9 "Confetti hover animation 1800 ms": a burst of paper pieces from the centre of a button on
 * pointer hover. One burst at a time (a new one waits for the last to finish); nothing at all
 * when reduced motion is asked for or on touch screens (no hover there).
 */
export function useConfetti() {
  const [current, setCurrent] = useState<Burst | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onPointerEnter = useCallback((event: { pointerType?: string }) => {
    if (event.pointerType !== undefined && event.pointerType !== 'mouse') return;
    if (timer.current !== undefined || prefersReducedMotion()) return;
    setCurrent({ id: Date.now(), pieces: makePieces() });
    timer.current = setTimeout(() => {
      timer.current = undefined;
      setCurrent(null);
    }, durations.confetti);
  }, []);

  const layer = current ? (
    <span css={layerStyles} aria-hidden="true" data-confetti="active" key={current.id}>
      {current.pieces.map((style, index) => (
        <span key={index} css={pieceStyles} style={style} />
      ))}
    </span>
  ) : null;

  return { onPointerEnter, layer };
}
