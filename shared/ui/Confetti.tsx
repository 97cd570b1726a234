import { useCallback, useEffect, useRef, useState } from 'react';
import { lazyWhenWanted } from '../browser/lazyWhenWanted.tsx';
import { durations } from '../theme/theme.ts';
import { prefersReducedMotion } from '../browser/motion.ts';

/** The pieces and their animation: a chunk of their own, fetched on the first hover. */
const Burst = lazyWhenWanted(
  () => import('./ConfettiBurst.tsx').then((module) => module.ConfettiBurst),
  () => true,
);

/** §9 "Confetti hover animation 1800 ms", one burst at a time; none with reduced motion or on touch screens. */
export function useConfetti() {
  const [current, setCurrent] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onPointerEnter = useCallback((event: { pointerType?: string }) => {
    if (event.pointerType !== undefined && event.pointerType !== 'mouse') return;
    if (timer.current !== undefined || prefersReducedMotion()) return;
    setCurrent(Date.now());
    timer.current = setTimeout(() => {
      timer.current = undefined;
      setCurrent(null);
    }, durations.confetti);
  }, []);

  const layer = current === null ? null : <Burst key={current} />;

  return { onPointerEnter, layer };
}
