import type { ImageFormat } from '../../../shared/ui/imageScreens.ts';
import type { ImageModifiers } from './modifiers.ts';

/** What an output megapixel costs per format, relative to JPEG, measured on photographs (docs/performance.md, decision 024). */
export const FORMAT_COST_WEIGHTS: Readonly<Record<ImageFormat, number>> = { jpeg: 1, png: 1.6, webp: 7, avif: 9 };

/** The least a job costs, whatever its size: reading and decoding the source. */
export const MIN_JOB_COST = 0.2;

export interface SourceSize {
  readonly width: number;
  readonly height: number;
}

/** Output pixels of a variant (ipx never enlarges); without the source's size, an upper bound up to `maxPixels`. */
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
