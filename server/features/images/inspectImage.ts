import sharp from 'sharp';
import { ImageError } from './imageError.ts';
import type { ImageLimits } from '../../platform/config/imageLimits.ts';

const NOT_AN_IMAGE = 'Файл не является изображением';
/** Raster formats accepted as sources (sharp's names; AVIF reports as heif). */
const SOURCE_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'heif', 'gif', 'tiff']);

/** Reads only the header: a raster format (SVG can carry scripts) under the pixel limit, before a pixel is decoded. */
export async function inspectImage(data: Buffer | string, limits: ImageLimits): Promise<{ width: number; height: number; format: string }> {
  const metadata = await sharp(data, { limitInputPixels: false })
    .metadata()
    .catch(() => Promise.reject(new ImageError(415, NOT_AN_IMAGE)));
  const format = metadata.format ?? '';
  if (format === 'svg') throw new ImageError(415, 'SVG через /_ipx не обрабатывается');
  if (!SOURCE_FORMATS.has(format)) throw new ImageError(415, 'Формат изображения не поддерживается');
  const width = metadata.width ?? 0;
  const height = metadata.pageHeight ?? metadata.height ?? 0;
  const pages = metadata.pages ?? 1;
  if (width <= 0 || height <= 0) throw new ImageError(415, NOT_AN_IMAGE);
  if (width * height > limits.maxInputPixels || width * height * pages > limits.maxInputPixels * 4) {
    throw new ImageError(413, 'Изображение слишком большое');
  }
  return { width, height, format };
}
