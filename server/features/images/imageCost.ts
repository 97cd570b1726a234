import type { ImageFormat } from '../../../shared/ui/imageScreens.ts';
import type { ImageModifiers } from './modifiers.ts';

/**
 * What producing one output megapixel costs in each format, relative to JPEG: one cost unit is
 * one megapixel of JPEG (about 70 ms of one core on the two-core machine the weights were
 * measured on). Measured with `node scripts/measure-image-costs.ts` through the service's own
 * processing (AVIF at effort 2, ipx's default qualities) on seed covers at 320–1200 px and a
 * photograph-like 3072×2048 picture at 640–3072 px; a straight line per format, weights from its
 * slope (ms per megapixel): JPEG 68, PNG 110, WebP 479, AVIF 626. WebP (libwebp's default effort
 * 4) is close to AVIF on photographs and a third of it on the flat covers; the line follows the
 * photographs, the costlier case. PNG is cheap on the covers' palettes and dearer on photographs.
 */
export const FORMAT_COST_WEIGHTS: Readonly<Record<ImageFormat, number>> = {
  jpeg: 1,
  png: 1.6,
  webp: 7,
  avif: 9,
};

/**
 * The least a job costs, whatever its size: reading and decoding the source (a 10×10 placeholder
 * from a 1200×630 cover took 12 ms, a sixth of a unit).
 */
export const MIN_JOB_COST = 0.2;

export interface SourceSize {
  readonly width: number;
  readonly height: number;
}

/**
 * Output pixels of a variant: ipx never enlarges, so a width alone gives at most the source's
 * own size; width and height together give exactly that box (`fit`). Without the source's size
 * (a remote image not fetched yet) the answer is an upper bound: the width times the tallest
 * output allowed (`maxHeight`), never more than `maxPixels`.
 */
export function outputPixels(
  variant: Pick<ImageModifiers, 'width' | 'height'>,
  source: SourceSize | undefined,
  bounds: { readonly maxHeight: number; readonly maxWidth: number; readonly maxPixels: number },
): number {
  const { width, height } = variant;
  if (width !== undefined && height !== undefined) return width * height;
  if (source === undefined) {
    const bound = (width ?? bounds.maxWidth) * (width === undefined ? (height ?? bounds.maxHeight) : bounds.maxHeight);
    return Math.min(bound, bounds.maxPixels);
  }
  if (width !== undefined) {
    const outWidth = Math.min(width, source.width);
    return outWidth * Math.max(1, Math.round((source.height * outWidth) / source.width));
  }
  if (height !== undefined) {
    const outHeight = Math.min(height, source.height);
    return outHeight * Math.max(1, Math.round((source.width * outHeight) / source.height));
  }
  return source.width * source.height;
}

/** A job's cost in units (JPEG megapixels): output pixels × the format's weight, at least MIN_JOB_COST. */
export function imageCost(pixels: number, format: ImageFormat): number {
  return Math.max(MIN_JOB_COST, (pixels / 1e6) * FORMAT_COST_WEIGHTS[format]);
}
