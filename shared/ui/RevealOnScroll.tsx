import { css } from '@emotion/react';
import { useEffect, useRef, useState, type ElementType, type HTMLAttributes, type ReactNode } from 'react';
import { durations, easing } from '../theme/theme.ts';
import { prefersReducedMotion } from './motion.ts';

type RevealState = 'static' | 'hidden' | 'shown';

const styles = css`
  &[data-reveal='hidden'] { opacity: 0; transform: translateY(24px); }
  &[data-reveal='shown'] {
    opacity: 1;
    transform: none;
    transition: opacity ${durations.slow}ms ${easing.emphasized}, transform ${durations.slow}ms ${easing.emphasized};
    transition-delay: var(--reveal-delay, 0ms);
  }
`;

export interface RevealOnScrollProps extends HTMLAttributes<HTMLElement> {
  readonly as?: ElementType;
  /** Stagger for items of one row, in ms. */
  readonly delay?: number;
  readonly children: ReactNode;
}

/**
 * Entrance animation when a block scrolls into view (IntersectionObserver, §1). The server
 * renders the content visible; after hydration only blocks still below the fold are hidden and
 * then revealed, so nothing on screen blinks and a page without JavaScript shows everything.
 * With reduced motion, or without IntersectionObserver, nothing moves at all.
 */
export function RevealOnScroll({ as: Tag = 'div', delay = 0, children, style, ...rest }: RevealOnScrollProps) {
  const ref = useRef<HTMLElement>(null);
  const [state, setState] = useState<RevealState>('static');

  useEffect(() => {
    const element = ref.current;
    if (element === null || prefersReducedMotion() || typeof IntersectionObserver === 'undefined') return;
    if (element.getBoundingClientRect().top < window.innerHeight) return;
    setState('hidden');
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setState('shown');
        observer.disconnect();
      },
      { rootMargin: '0px 0px -10% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <Tag ref={ref} css={styles} data-reveal={state} style={delay ? { ...style, '--reveal-delay': `${delay}ms` } : style} {...rest}>
      {children}
    </Tag>
  );
}
