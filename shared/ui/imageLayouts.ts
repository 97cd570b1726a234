import type { ImageSizes } from './imageSizes.ts';

/** Every layout a picture is drawn in; /_ipx serves only the variants these plan (`imageVariants.ts`). */
export const IMAGE_LAYOUTS = {
  /** A cover in a card of the one / two / three column grid of `cardStyles.ts`. */
  card: { width: 1200, height: 630, sizes: { default: '100vw', md: '50vw', lg: '33vw' } },
  /** The cover at the top of an article or a case study: the content column, at most 1344 px. */
  pageCover: { width: 1200, height: 630, sizes: { default: '100vw', xl: 1344 } },
} as const satisfies Record<string, { readonly width: number; readonly height: number; readonly sizes: ImageSizes }>;

export type ImageLayoutName = keyof typeof IMAGE_LAYOUTS;
