import { expect, test } from 'vitest';
import { FORMAT_COST_WEIGHTS, imageCost, MIN_JOB_COST, outputPixels } from './imageCost.ts';
import { IMAGE_LIMITS } from '../../platform/config/imageLimits.ts';

const bounds = { maxWidth: IMAGE_LIMITS.maxWidth, maxHeight: IMAGE_LIMITS.maxHeight, maxPixels: IMAGE_LIMITS.maxInputPixels };
const cover = { width: 1200, height: 630 };
const photo = { width: 3072, height: 2048 };

test('a cost is output pixels times the format weight: AVIF above WebP above JPEG and PNG', () => {
  expect(FORMAT_COST_WEIGHTS.avif).toBeGreaterThan(FORMAT_COST_WEIGHTS.webp);
  expect(FORMAT_COST_WEIGHTS.webp).toBeGreaterThan(Math.max(FORMAT_COST_WEIGHTS.jpeg, FORMAT_COST_WEIGHTS.png));
  const wideAvif = imageCost(outputPixels({ width: 3072 }, photo, bounds), 'avif');
  const smallJpeg = imageCost(outputPixels({ width: 320 }, photo, bounds), 'jpeg');
  expect(wideAvif).toBeCloseTo((3072 * 2048 * FORMAT_COST_WEIGHTS.avif) / 1e6);
  expect(wideAvif / smallJpeg).toBeGreaterThan(100);
  // Never enlarged: a width beyond the source's costs the source's own size.
  expect(outputPixels({ width: 3072 }, cover, bounds)).toBe(1200 * 630);
  expect(outputPixels({ height: 315 }, cover, bounds)).toBe(600 * 315);
  expect(outputPixels({ width: 10, height: 10 }, cover, bounds)).toBe(100);
  expect(imageCost(100, 'avif')).toBe(MIN_JOB_COST);
});

test('without the source size the cost is an upper bound within the pixel limit', () => {
  expect(outputPixels({ width: 640 }, undefined, bounds)).toBe(640 * IMAGE_LIMITS.maxHeight);
  expect(outputPixels({}, undefined, bounds)).toBe(Math.min(IMAGE_LIMITS.maxWidth * IMAGE_LIMITS.maxHeight, IMAGE_LIMITS.maxInputPixels));
  expect(outputPixels({ width: 640 }, undefined, bounds)).toBeGreaterThanOrEqual(outputPixels({ width: 640 }, photo, bounds));
});
