import { css } from '@emotion/react';
import { useEffect, useRef, useState, type ElementType, type HTMLAttributes, type ReactNode } from 'react';
import { durations, easing } from '../theme/theme.ts';
import { prefersReducedMotion } from '../browser/motion.ts';

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

/** §1 entrance animation: only blocks below the fold hide after hydration; none with reduced motion. */
export function RevealOnScroll({ as: Tag = 'div', delay = 0, children, style, ...rest }: RevealOnScrollProps) {
  const ref = useRef<HTMLElement>(null);
  const [state, setState] = useState<RevealState>('static');

  useEffect(() => {
    const element = ref.current;
    if (element === null || prefersReducedMotion() || typeof IntersectionObserver === 'undefined') return;
    // On screen or not from the observer's first report: measuring would lay out unrendered sections.
    let reveal: IntersectionObserver | undefined;
    const start = new IntersectionObserver(([entry]) => {
      start.disconnect();
      if (entry === undefined || entry.isIntersecting) return;
      setState('hidden');
      reveal = new IntersectionObserver(
        (entries) => {
          if (!entries.some((item) => item.isIntersecting)) return;
          setState('shown');
          reveal?.disconnect();
        },
        { rootMargin: '0px 0px -10% 0px' },
      );
      reveal.observe(element);
    });
    start.observe(element);
    return () => {
      start.disconnect();
      reveal?.disconnect();
    };
  }, []);

  return (
    <Tag ref={ref} css={styles} data-reveal={state} style={delay ? { ...style, '--reveal-delay': `${delay}ms` } : style} {...rest}>
      {children}
    </Tag>
  );
}
