import { css } from '@emotion/react';
import type { HTMLAttributes, ReactNode } from 'react';
import { colors, mq, space } from '../theme/theme.ts';
import { Container } from './Container.tsx';

export type SectionTone = 'default' | 'alt' | 'dark';

const base = css`
  padding-block: ${space[8]};
  ${mq.lg} { padding-block: ${space[9]}; }
  /* Anchor jumps land below the header (its height is the app state of §3). */
  scroll-margin-top: var(--header-height);
`;

const flush = css`padding-top: 0;`;

const tones: Record<SectionTone, ReturnType<typeof css>> = {
  default: css`background: ${colors.surface};`,
  alt: css`background: ${colors.surfaceAlt};`,
  // Plain links turn white on navy; button-links keep their own colours.
  dark: css`background: ${colors.navy}; color: ${colors.white}; a:not([data-button]) { color: ${colors.white}; }`,
};

export interface SectionProps extends HTMLAttributes<HTMLElement> {
  /** Anchor of §9 (`tariffs`, `discuss-the-project`, …) or any in-page target. */
  readonly id?: string;
  /** Id of the heading that names the section (a named `<section>` is a landmark). */
  readonly labelledBy?: string;
  readonly tone?: SectionTone;
  /** Leaves out the inner Container when the section lays out its own width. */
  readonly bleed?: boolean;
  /** Leaves out the top padding: the section goes on from the block above (the page hero's padding is the gap). */
  readonly flushTop?: boolean;
  readonly children: ReactNode;
}

/** A page block with vertical rhythm, a tone and an optional anchor id. */
export function Section({ id, labelledBy, tone = 'default', bleed = false, flushTop = false, children, ...rest }: SectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={labelledBy}
      data-surface={tone === 'dark' ? 'dark' : undefined}
      css={[base, tones[tone], flushTop && flush]}
      {...rest}
    >
      {bleed ? children : <Container>{children}</Container>}
    </section>
  );
}
