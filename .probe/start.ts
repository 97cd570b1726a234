import sharp from 'sharp';
import { EncoderPool } from '../server/images/encoderPool.ts';
import { createImageProcessor } from '../server/images/processImage.ts';
import { createLogger } from '../server/logging/logger.ts';
import { PATHS } from '../server/paths.ts';
const bytes = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#3366cc' } }).png().toBuffer();
const mods = { w: '640', f: 'webp' };
const settings = { maxInputPixels: 40_000_000, avifEffort: 2 };
const inproc = createImageProcessor(settings);
await inproc('x', bytes, mods);
const firsts = [], warm = [], local = [];
for (let round = 0; round < 3; round += 1) {
  const pool = new EncoderPool({ entry: PATHS.imageEncoder, size: 1, settings, logger: createLogger('silent') });
  let t = performance.now();
  await pool.encode({ sourceId: 'x', bytes, ipxModifiers: mods }, new AbortController().signal);
  firsts.push(Math.round(performance.now() - t));
  t = performance.now();
  await pool.encode({ sourceId: 'x', bytes, ipxModifiers: mods }, new AbortController().signal);
  warm.push(Math.round(performance.now() - t));
  t = performance.now();
  await inproc('x', bytes, mods);
  local.push(Math.round(performance.now() - t));
  await pool.close();
}
console.log({ firsts, warm, local });
import { cpuSeconds } from '../tests/support/processes.ts';
const cpu = [];
for (let round = 0; round < 3; round += 1) {
  const pool = new EncoderPool({ entry: PATHS.imageEncoder, size: 1, settings, logger: createLogger('silent') });
  await pool.encode({ sourceId: 'x', bytes: await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } }).png().toBuffer(), ipxModifiers: { w: '10', f: 'jpeg' } }, new AbortController().signal);
  cpu.push(cpuSeconds(pool.pids[0]!));
  await pool.close();
}
console.log({ cpuAfterTinyJob: cpu });
