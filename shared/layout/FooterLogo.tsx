import { css, keyframes } from '@emotion/react';
import { useEffect, useRef, useState } from 'react';
import { colors, radii } from '../theme/theme.ts';
import { tapAttributes, useTapReplay } from '../browser/tapReplay.ts';
import { prefersReducedMotion } from '../browser/motion.ts';
import { LogoMark, type Gaze } from './Logo.tsx';

const MARK_SIZE = 64;
/** How far a pupil may move from the centre of its eye, in mark units. */
const MAX_GAZE = 2.4;

const bob = keyframes`
  0%, 100% { transform: translateY(0) rotate(0deg); }
  25% { transform: translateY(-4px) rotate(-6deg); }
  75% { transform: translateY(2px) rotate(5deg); }
`;

const buttonStyles = css`
  display: inline-grid;
  place-items: center;
  padding: 6px;
  border: 0;
  border-radius: ${radii.md};
  background: transparent;
  svg { transform-origin: 50% 80%; }
  &[aria-pressed='true'] svg { animation: ${bob} 1.6s ease-in-out infinite; }
  &:hover { background: ${colors.navyRaised}; }
`;

/** Direction from the mark's centre to the pointer, scaled to the pupils' range. */
export function gazeToward(centre: { x: number; y: number }, pointer: { x: number; y: number }): Gaze {
  const dx = pointer.x - centre.x;
  const dy = pointer.y - centre.y;
  const distance = Math.hypot(dx, dy);
  if (distance < 1) return { x: 0, y: 0 };
  const reach = Math.min(1, distance / 200) * MAX_GAZE;
  return { x: (dx / distance) * reach, y: (dy / distance) * reach };
}

/** §2: a press toggles the mark's bobbing and its eyes following the pointer; still with reduced motion. */
export function FooterLogo() {
  const [animated, setAnimated] = useState(false);
  const [gaze, setGaze] = useState<Gaze>({ x: 0, y: 0 });
  const button = useRef<HTMLButtonElement>(null);
  useTapReplay(button);

  useEffect(() => {
    if (!animated) {
      setGaze({ x: 0, y: 0 });
      return;
    }
    if (prefersReducedMotion() || !window.matchMedia?.('(hover: hover)').matches) return;
    let frame = 0;
    let pointer = { x: 0, y: 0 };
    const update = () => {
      frame = 0;
      const rect = button.current?.getBoundingClientRect();
      if (rect) setGaze(gazeToward({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 }, pointer));
    };
    const onMove = (event: PointerEvent) => {
      pointer = { x: event.clientX, y: event.clientY };
      if (frame === 0) frame = requestAnimationFrame(update);
    };
    window.addEventListener('pointermove', onMove, { passive: true });
    return () => {
      window.removeEventListener('pointermove', onMove);
      cancelAnimationFrame(frame);
    };
  }, [animated]);

  return (
    <button
      ref={button}
      type="button"
      css={buttonStyles}
      aria-pressed={animated}
      aria-label="Анимация логотипа «Верфь»"
      onClick={() => setAnimated((value) => !value)}
      data-footer-logo=""
      {...tapAttributes('footer-logo')}
    >
      <LogoMark size={MARK_SIZE} gaze={gaze} />
    </button>
  );
}
