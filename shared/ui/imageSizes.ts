import { DENSITIES, MAX_IMAGE_WIDTH, SCREENS, SCREEN_WIDTHS, type ScreenName } from './imageScreens.ts';

/** How wide the image is drawn per screen, mobile first (as @nuxt/image writes `sm:100vw lg:50vw`). */
export type ImageSizes = Partial<Record<ScreenName | 'default', `${number}vw` | `${number}px` | number>>;

const ORDER: readonly ScreenName[] = ['xs', 'sm', 'md', 'lg', 'xl', 'xxl'];

function toPixels(value: `${number}vw` | `${number}px` | number, viewport: number): number {
  if (typeof value === 'number') return value;
  const amount = Number.parseFloat(value);
  return value.endsWith('vw') ? (viewport * amount) / 100 : amount;
}

const cssLength = (value: `${number}vw` | `${number}px` | number) => (typeof value === 'number' ? `${value}px` : value);

/** The `sizes` attribute and the `srcset` widths: per §9 screen, times densities 1 and 2, capped by the service. */
export function planImageSizes(sizes: ImageSizes | undefined, maxWidth: number | undefined): { sizes: string; widths: number[] } {
  const spec: ImageSizes = sizes && Object.keys(sizes).length > 0 ? sizes : { default: '100vw' };
  // Each named screen's size applies from that screen up; `(max-width)` queries read ascending.
  const steps: { from: number; value: `${number}vw` | `${number}px` | number }[] = [];
  if (spec.default !== undefined) steps.push({ from: 0, value: spec.default });
  for (const screen of ORDER) {
    const value = spec[screen];
    if (value !== undefined) steps.push({ from: SCREENS[screen], value });
  }
  const queries = steps.map((step, index) => {
    const next = steps[index + 1];
    return next ? `(max-width: ${next.from - 1}px) ${cssLength(step.value)}` : cssLength(step.value);
  });

  const cap = Math.min(MAX_IMAGE_WIDTH, maxWidth === undefined ? MAX_IMAGE_WIDTH : maxWidth * Math.max(...DENSITIES));
  const widths = new Set<number>();
  for (const viewport of SCREEN_WIDTHS) {
    const step = [...steps].reverse().find((candidate) => candidate.from <= viewport) ?? steps[0];
    if (!step) continue;
    const drawn = Math.min(toPixels(step.value, viewport), maxWidth ?? Number.POSITIVE_INFINITY);
    for (const density of DENSITIES) widths.add(Math.min(cap, Math.ceil(drawn * density)));
  }
  return { sizes: queries.join(', '), widths: [...widths].filter((width) => width > 0).sort((a, b) => a - b) };
}
