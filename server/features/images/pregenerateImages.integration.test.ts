import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import sharp from 'sharp';
import request from 'supertest';
import { beforeAll, expect, test } from 'vitest';
import { IMAGE_LAYOUTS } from '../../../shared/ui/imageLayouts.ts';
import { createTestApp } from '../../../tests/support/testApp.ts';
import { createLogger } from '../../platform/logging/logger.ts';
import { createVariantMaker, imageService } from './imageService.ts';
import { contentImages, PREGENERATED_FORMATS, pregenerateImages, WIDEST_SITE_WIDTHS } from './pregenerateImages.ts';

let root: string;
let publicDir: string;
const logger = createLogger('silent');

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'ipx-pregenerate-'));
  publicDir = path.join(root, 'public');
  await mkdir(path.join(publicDir, 'images', 'articles'), { recursive: true });
  for (const [name, colour] of [
    ['first', '#3366cc'],
    ['second', '#cc6633'],
  ] as const) {
    const cover = await sharp({ create: { width: 1200, height: 630, channels: 3, background: colour } })
      .png()
      .toBuffer();
    await writeFile(path.join(publicDir, 'images', 'articles', `${name}.png`), cover);
  }
});

async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

test("the widest variants are the 2x screens' widths of the site's layouts, in WebP and AVIF", () => {
  // The page cover drawn at its full 1200 px on a 2x screen; the card at 640 px on a 2x phone.
  expect([...WIDEST_SITE_WIDTHS].sort((a, b) => a - b)).toEqual([1280, 2 * IMAGE_LAYOUTS.pageCover.width]);
  expect(PREGENERATED_FORMATS).toEqual(['webp', 'avif']);
});

test('pre-generation fills the disk cache with the widest variants, which visitors then get without a job', async () => {
  const cacheDir = path.join(root, 'cache');
  const maker = createVariantMaker({ cacheDir, logger });
  const images = ['/images/articles/first.png', '/images/articles/second.png'];
  const outcome = await pregenerateImages(maker, { publicDir, domains: [], images, logger });
  // Every widest width of a 1200 px cover is the cover at its own size: one file per format.
  expect(outcome).toEqual({ made: images.length * PREGENERATED_FORMATS.length, cached: 0, failed: 0 });
  const files = await filesIn(cacheDir);
  expect(files).toHaveLength(images.length * PREGENERATED_FORMATS.length);

  const app = express();
  app.use('/_ipx', imageService({ publicDir, domains: [], cacheDir, logger, maker }));
  for (const width of WIDEST_SITE_WIDTHS) {
    for (const format of PREGENERATED_FORMATS) {
      const response = await request(app).head(`/_ipx/w_${width},f_${format}/images/articles/first.png`);
      expect(response.status).toBe(200);
      expect(files.some((file) => file.startsWith(String(response.headers.etag).slice(1, 41)))).toBe(true);
    }
  }
  expect(maker.budget.running).toBe(0);
  // A second start finds them on disk.
  expect(await pregenerateImages(maker, { publicDir, domains: [], images, logger })).toEqual({
    made: 0,
    cached: images.length * PREGENERATED_FORMATS.length,
    failed: 0,
  });
});

test('a picture that cannot be made is counted and the others are still made', async () => {
  const cacheDir = path.join(root, 'cache-failed');
  const outcome = await pregenerateImages(createVariantMaker({ cacheDir, logger }), {
    publicDir,
    domains: [],
    images: ['/images/articles/missing.png', '/images/articles/first.png'],
    logger,
  });
  expect(outcome).toEqual({ made: PREGENERATED_FORMATS.length, cached: 0, failed: 1 });
});

test("the pictures to pre-generate are every article's and project's cover", async () => {
  const { content } = await createTestApp();
  const images = await contentImages(content.client);
  expect(images.length).toBeGreaterThan(20);
  expect(images.every((image) => /^\/images\/(?:articles|projects)\/[a-z0-9-]+\.png$/.test(image))).toBe(true);
});
