import { SHARE_IMAGE } from '../seo/shareImage.ts';
import { IMAGE_LAYOUTS } from './imageLayouts.ts';
import { planImageSizes } from './imageSizes.ts';
import { DENSITIES, IMAGE_FORMATS, PLACEHOLDER, SCREEN_WIDTHS, type ImageFormat } from './imageScreens.ts';

/** One variant as /_ipx reads it from its URL. */
export interface ImageVariant {
  readonly width?: number;
  readonly height?: number;
  readonly quality?: number;
  readonly fit?: string;
  readonly blur?: number;
  readonly format: ImageFormat | 'auto';
}

/** The widths the pages ask for: §9's screens at densities 1 and 2, and every layout's srcset widths. */
export const SITE_IMAGE_WIDTHS: ReadonlySet<number> = new Set([
  ...SCREEN_WIDTHS.flatMap((width) => DENSITIES.map((density) => width * density)),
  ...Object.values(IMAGE_LAYOUTS).flatMap((layout) => planImageSizes(layout.sizes, layout.width).widths),
]);

/** A variant the pages ask for: a srcset width, the 10×10 placeholder or the 1200×630 JPEG share card. */
export function isSiteVariant(variant: ImageVariant): boolean {
  if (variant.blur !== undefined) return false;
  if (variant.format !== 'auto' && !IMAGE_FORMATS.includes(variant.format)) return false;
  const { width, height, quality, fit } = variant;
  if (width === PLACEHOLDER.width && height === PLACEHOLDER.height) return fit === 'cover' && quality === PLACEHOLDER.quality;
  if (width === SHARE_IMAGE.width && height === SHARE_IMAGE.height)
    return fit === 'cover' && quality === undefined && variant.format === 'jpeg';
  return width !== undefined && SITE_IMAGE_WIDTHS.has(width) && height === undefined && fit === undefined && quality === undefined;
}
