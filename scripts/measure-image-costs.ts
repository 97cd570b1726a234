/**
 * `node scripts/measure-image-costs.ts`: what one /_ipx variant costs per output megapixel in each
 * format, through the service's own processing (`server/features/images/processImage.ts`), so the
 * weights of `server/features/images/imageCost.ts` are measured: three seed covers and a
 * photograph-like picture (a CMS photo encodes harder than a cover), each variant made three times
 * and the median kept, one job at a time (one core's time). Prints ms per job, `ms = fixed +
 * perMegapixel × MP` fitted per format and the weights relative to JPEG. Run it on a quiet
 * machine; the weights are ratios, which vary far less between machines than the milliseconds.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { PATHS } from '../server/platform/paths.ts';
import { IMAGE_LIMITS } from '../server/platform/config/imageLimits.ts';
import { createImageProcessor } from '../server/features/images/processImage.ts';
import { photoLike } from './photoLike.ts';

const FORMATS = ['jpeg', 'png', 'webp', 'avif'] as const;
const COVERS = ['articles/kak-vybrat-cms.png', 'projects/otel-liteynyy-17.png', 'articles/skolko-stoit-sayt-2026.png'];
const COVER_WIDTHS = [320, 640, 1200];
const PHOTO_WIDTHS = [640, 1536, 3072];

sharp.cache(false);
const process = createImageProcessor({ ...IMAGE_LIMITS });

async function median(job: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    await job();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[1] ?? 0;
}

const sources = [
  ...(await Promise.all(
    COVERS.map(async (file) => ({
      name: file,
      bytes: await readFile(path.join(PATHS.public, 'images', file)),
      width: 1200,
      height: 630,
      widths: COVER_WIDTHS,
    })),
  )),
  { name: 'photo 3072×2048', bytes: await photoLike(3072, 2048), width: 3072, height: 2048, widths: PHOTO_WIDTHS },
];

const samples: Record<(typeof FORMATS)[number], { mp: number; ms: number }[]> = { jpeg: [], png: [], webp: [], avif: [] };
for (const source of sources) {
  for (const width of source.widths) {
    const mp = (width * Math.round((source.height * width) / source.width)) / 1e6;
    for (const format of FORMATS) {
      const ms = await median(() => process(source.name, source.bytes, { w: String(width), f: format }));
      samples[format].push({ mp, ms });
      console.log(
        `${source.name.padEnd(36)} w ${String(width).padStart(4)} ${format.padEnd(4)} ${mp.toFixed(2)} MP ${ms.toFixed(0).padStart(6)} ms`,
      );
    }
  }
}
const placeholder = await median(() =>
  process(COVERS[0] ?? '', sources[0]?.bytes ?? Buffer.alloc(0), { s: '10x10', fit: 'cover', q: '50', f: 'webp' }),
);
console.log(`placeholder 10×10 webp from a cover: ${placeholder.toFixed(1)} ms`);

/** Least squares of ms = fixed + perMegapixel × mp. */
function fit(points: readonly { mp: number; ms: number }[]) {
  const n = points.length;
  const meanX = points.reduce((sum, p) => sum + p.mp, 0) / n;
  const meanY = points.reduce((sum, p) => sum + p.ms, 0) / n;
  const slope =
    points.reduce((sum, p) => sum + (p.mp - meanX) * (p.ms - meanY), 0) / points.reduce((sum, p) => sum + (p.mp - meanX) ** 2, 0);
  return { fixed: meanY - slope * meanX, perMegapixel: slope };
}
const lines = Object.fromEntries(FORMATS.map((format) => [format, fit(samples[format])]));
const jpeg = lines.jpeg?.perMegapixel ?? 1;
for (const format of FORMATS) {
  const line = lines[format];
  if (!line) continue;
  console.log(
    `${format.padEnd(4)} fixed ${line.fixed.toFixed(1).padStart(6)} ms, ${line.perMegapixel.toFixed(1).padStart(7)} ms/MP, weight ${(line.perMegapixel / jpeg).toFixed(2)}`,
  );
}
