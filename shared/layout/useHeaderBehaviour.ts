import { useEffect, useState, type RefObject } from 'react';
import { useAppActions } from './AppState.tsx';
import { throttle } from '../browser/throttle.ts';
import { durations, layout } from '../theme/theme.ts';

/** §4: the header turns fixed and dark once the page has scrolled 85 px or more. */
export function isHeaderFixed(scrollY: number): boolean {
  return scrollY >= layout.headerFixedScroll;
}

export function useHeaderFixed(): boolean {
  const [fixed, setFixed] = useState(false);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setFixed(isHeaderFixed(window.scrollY));
    };
    const onScroll = () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);
  return fixed;
}

/** §9: the header height state follows the header's real height, re-measured on resize (500 ms throttle). */
export function useHeaderHeightMeasure(header: RefObject<HTMLElement | null>): void {
  const { setHeaderHeight } = useAppActions();
  useEffect(() => {
    const measure = () => {
      if (header.current) setHeaderHeight(Math.round(header.current.getBoundingClientRect().height));
    };
    const onResize = throttle(measure, durations.headerResizeThrottle);
    measure();
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      onResize.cancel();
    };
  }, [header, setHeaderHeight]);
}
