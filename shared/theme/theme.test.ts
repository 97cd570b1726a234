import { expect, test } from 'vitest';
import { breakpoints, colors, maxWidth, minWidth, mq, type ColorName } from './theme.ts';

/** [foreground, background, minimum ratio] of every pair used for text or essential UI. */
const CONTRAST_PAIRS: ReadonlyArray<readonly [ColorName, ColorName, number]> = [
  ['ink', 'surface', 4.5],
  ['ink', 'surfaceAlt', 4.5],
  ['inkMuted', 'surface', 4.5],
  ['inkMuted', 'surfaceAlt', 4.5],
  ['link', 'surface', 4.5],
  ['link', 'surfaceAlt', 4.5],
  ['linkHover', 'surface', 4.5],
  ['white', 'navy', 4.5],
  ['white', 'navyRaised', 4.5],
  ['onNavyMuted', 'navy', 4.5],
  ['onNavyMuted', 'navyRaised', 4.5],
  ['navy', 'accent', 4.5],
  ['navy', 'accentHover', 4.5],
  ['accent', 'navy', 4.5],
  ['focusOnNavy', 'navy', 3],
  ['white', 'link', 4.5],
  ['white', 'success', 4.5],
  ['white', 'danger', 4.5],
  ['danger', 'surface', 4.5],
  ['success', 'surface', 4.5],
  ['borderStrong', 'surface', 3],
];

/** WCAG 2.x relative luminance of a `#rrggbb` colour. */
function relativeLuminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (match === null) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const [r, g, b] = match.slice(1).map((part) => {
    const channel = Number.parseInt(part, 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours (1 to 21). */
function contrastRatio(foreground: string, background: string): number {
  const [light, dark] = [relativeLuminance(foreground), relativeLuminance(background)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

test('every text and UI colour pair of the theme meets WCAG AA contrast', () => {
  const failing = CONTRAST_PAIRS.filter(([fg, bg, min]) => contrastRatio(colors[fg], colors[bg]) < min).map(
    ([fg, bg, min]) => `${fg} on ${bg}: ${contrastRatio(colors[fg], colors[bg]).toFixed(2)} < ${min}`,
  );
  expect(failing).toEqual([]);
});

test('the contrast formula gives 21:1 for black on white and 1:1 for a colour on itself', () => {
  expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
  expect(contrastRatio(colors.navy, colors.navy)).toBe(1);
});

test('the breakpoints are those of §9: xs 320, sm 640, md 768, lg 1024, xl 1280, xxl 1536', () => {
  expect(breakpoints).toEqual({ xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, xxl: 1536 });
  expect(mq.md).toBe('@media (min-width: 768px)');
  expect(minWidth(720)).toBe('@media (min-width: 720px)');
  expect(maxWidth('xl')).toBe('@media (max-width: 1279.98px)');
});
