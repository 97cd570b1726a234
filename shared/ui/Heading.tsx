import { css } from '@emotion/react';
import type { HTMLAttributes, ReactNode } from 'react';
import { fontSizes, fontWeights, lineHeights } from '../theme/theme.ts';

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;
export type HeadingSize = 'h1' | 'h2' | 'h3' | 'h4' | 'xl' | 'lg';

const sizeStyles: Record<HeadingSize, ReturnType<typeof css>> = {
  h1: css`font-size: ${fontSizes.h1}; line-height: ${lineHeights.tight}; font-weight: ${fontWeights.extrabold}; letter-spacing: -0.02em;`,
  h2: css`font-size: ${fontSizes.h2}; line-height: ${lineHeights.tight}; font-weight: ${fontWeights.bold}; letter-spacing: -0.015em;`,
  h3: css`font-size: ${fontSizes.h3}; line-height: ${lineHeights.heading}; font-weight: ${fontWeights.bold};`,
  h4: css`font-size: ${fontSizes.h4}; line-height: ${lineHeights.heading}; font-weight: ${fontWeights.semibold};`,
  xl: css`font-size: ${fontSizes.xl}; line-height: ${lineHeights.heading}; font-weight: ${fontWeights.semibold};`,
  lg: css`font-size: ${fontSizes.lg}; line-height: ${lineHeights.heading}; font-weight: ${fontWeights.semibold};`,
};

const defaultSize: Record<HeadingLevel, HeadingSize> = { 1: 'h1', 2: 'h2', 3: 'h3', 4: 'h4', 5: 'xl', 6: 'lg' };

export interface HeadingProps extends HTMLAttributes<HTMLHeadingElement> {
  /** The outline level (one `h1` per page, owned by the page). */
  readonly level: HeadingLevel;
  /** The look, when it should differ from the level (a small `h2` in a card grid). */
  readonly size?: HeadingSize;
  readonly children: ReactNode;
}

/** Headings keep outline level and visual size apart, so the outline never bends to the design. */
export function Heading({ level, size, children, ...rest }: HeadingProps) {
  const Tag = `h${level}` as const;
  return (
    <Tag css={sizeStyles[size ?? defaultSize[level]]} {...rest}>
      {children}
    </Tag>
  );
}
