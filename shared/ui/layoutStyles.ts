import { css, type SerializedStyles } from '@emotion/react';
import { mq } from '../theme/theme.ts';

// The grids the blocks are built from, written once; a component keeps only its own styles.

/** A list laid out by its own styles: no bullets, no indent, no outer margin. */
export const bareList = css`margin: 0; padding: 0; list-style: none;`;

type Breakpoint = 'sm' | 'md' | 'lg' | 'xl';
const BREAKPOINTS: readonly Breakpoint[] = ['sm', 'md', 'lg', 'xl'];

/** As many columns of at least `min` as fit the row, stretched to fill it. */
export function fittingColumns(min: string): string {
  return `repeat(auto-fit, minmax(${min}, 1fr))`;
}

/** One column on phones, more from the breakpoints named (`{ md: 2, lg: 3 }`); `minmax(0, …)` never widens the page. */
export function columnGrid(gap: string, columns: Partial<Record<Breakpoint, number | string>>): SerializedStyles {
  const wider = BREAKPOINTS.map((breakpoint) => {
    const count = columns[breakpoint];
    if (count === undefined) return '';
    const template = typeof count === 'number' ? `repeat(${count}, minmax(0, 1fr))` : count;
    return `${mq[breakpoint]} { grid-template-columns: ${template}; }`;
  });
  return css`display: grid; grid-template-columns: minmax(0, 1fr); gap: ${gap}; ${wider.join('\n')}`;
}

/** Two parts stacked on phones, side by side from 1024 px sharing `left`:`right` twelfths. */
export function splitGrid({
  left,
  right,
  gap,
  wideGap,
  align,
}: {
  readonly left: number;
  readonly right: number;
  readonly gap: string;
  readonly wideGap: string;
  readonly align?: 'start' | 'center' | 'end';
}): SerializedStyles {
  const alignItems = align === undefined ? '' : `align-items: ${align};`;
  return css`
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: ${gap};
    ${mq.lg} { grid-template-columns: minmax(0, ${left}fr) minmax(0, ${right}fr); gap: ${wideGap}; ${alignItems} }
  `;
}

/** A circle of `size` with its content centred: step numbers, monograms. */
export function roundBadge(size: string): SerializedStyles {
  return css`display: grid; place-items: center; width: ${size}; height: ${size}; border-radius: 50%;`;
}

/** A rounded, padded box whose children stand in a column `gap` apart: cards, tariffs, stages. */
export function paddedStack({
  gap,
  padding,
  radius,
}: {
  readonly gap: string;
  readonly padding: string;
  readonly radius: string;
}): SerializedStyles {
  return css`display: flex; flex-direction: column; gap: ${gap}; padding: ${padding}; border-radius: ${radius};`;
}
