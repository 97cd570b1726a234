import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { expect, test } from 'vitest';
import { IMAGE_LIMITS } from '../../platform/config/imageLimits.ts';
import { createImageProcessor } from './processImage.ts';

test('AVIF variants are encoded at the bounded effort, not the encoder default', async () => {
  // The sharp that ipx loads (its own copy), observed where it encodes.
  const ipxSharp = createRequire(fileURLToPath(import.meta.resolve('ipx')))('sharp') as typeof sharp;
  const efforts: unknown[] = [];
  const prototype = ipxSharp.prototype as { toBuffer: (...args: unknown[]) => Promise<Buffer> };
  const original = prototype.toBuffer;
  prototype.toBuffer = function (this: { options: Record<string, unknown> }, ...args: unknown[]) {
    if (this.options.formatOut === 'heif') efforts.push(this.options.heifEffort);
    return original.apply(this, args);
  };
  const photo = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  try {
    const avif = await createImageProcessor(IMAGE_LIMITS)('photo.png', photo, { w: '60', f: 'avif' });
    expect((await sharp(avif).metadata()).format).toBe('heif');
  } finally {
    prototype.toBuffer = original;
  }
  expect(efforts).toEqual([IMAGE_LIMITS.avifEffort]);
  expect(IMAGE_LIMITS.avifEffort).toBeLessThan(4);
});
