import { css } from '@emotion/react';
import { useEffect, useRef, type HTMLAttributes, type ReactNode } from 'react';
import { colors, mq, space } from '../theme/theme.ts';
import { Container } from './Container.tsx';
import { ALL_SECTIONS_RENDERED, renderWhenIdle, SECTION_HEIGHT_ESTIMATE, SECTION_RENDERED } from '../browser/sectionRendering.ts';

export type SectionTone = 'default' | 'alt' | 'dark';

// A section out of view is neither styled nor laid out until near or idle (sectionRendering.ts, decision 016).
const base = css`
  padding-block: ${space[8]};
  ${mq.lg} { padding-block: ${space[9]}; }
  content-visibility: auto;
  contain-intrinsic-block-size: auto ${SECTION_HEIGHT_ESTIMATE};
  /* A page opened at a #fragment renders every section at once, scripts or not: the jump to the
     target then measures real heights, not placeholders that change under it (docs/decisions/017). */
  &[${SECTION_RENDERED}], html[${ALL_SECTIONS_RENDERED}] &, html:has(:target) & { content-visibility: visible; }
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
  /** Leaves out the top padding: the section goes on from the block above (the page hero's padding is the gap). */
  readonly flushTop?: boolean;
  /** `div` for a block with no heading of its own: a `section` names a part of the outline (HTML's "Section lacks heading"). */
  readonly element?: 'section' | 'div';
  readonly children: ReactNode;
}

/** A page block with vertical rhythm, a tone and an optional anchor id. */
export function Section({
  id,
  labelledBy,
  tone = 'default',
  flushTop = false,
  element: Element = 'section',
  children,
  ...rest
}: SectionProps) {
  // Typed as the narrower element so one ref fits both `section` and `div`.
  const ref = useRef<HTMLDivElement>(null);
  // After hydration, so the attribute it gets is not a difference from the server's HTML.
  useEffect(() => {
    if (ref.current !== null) renderWhenIdle(ref.current);
  }, []);
  return (
    <Element
      ref={ref}
      id={id}
      aria-labelledby={labelledBy}
      data-surface={tone === 'dark' ? 'dark' : undefined}
      css={[base, tones[tone], flushTop && flush]}
      {...rest}
    >
      <Container>{children}</Container>
    </Element>
  );
}
