import { expect, test } from 'vitest';
import { contrastRatio } from './contrast.ts';
import { breakpoints, colors, CONTRAST_PAIRS, maxWidth, minWidth, mq } from './theme.ts';

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
