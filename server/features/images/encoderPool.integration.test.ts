import { fork } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import sharp from 'sharp';
import { beforeAll, expect, test } from 'vitest';
import { noisePng, isAlive } from '../../../tests/support/processes.ts';
import { waitFor } from '../../../tests/support/serverLog.ts';
import { createLogger } from '../../platform/logging/logger.ts';
import { PATHS } from '../../platform/paths.ts';
import { EncoderPool, type EncoderPoolOptions } from './encoderPool.ts';
import { ENCODER_NICENESS } from './encoderPriority.ts';
import { ClientLeft } from './imageError.ts';
import { IMAGE_LIMITS } from '../../platform/config/imageLimits.ts';

/** At effort 9 an AVIF of this takes minutes: a job that runs as long as a test wants. */
let heavy: Buffer;
let small: Buffer;
const HEAVY = { w: '3072', f: 'avif' };
const SMALL = { w: '40', f: 'jpeg' };
const STOPPABLE = { stoppable: true };

beforeAll(async () => {
  heavy = await noisePng(3072, 2048);
  small = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
});

function poolOf(options: Partial<EncoderPoolOptions> = {}) {
  return new EncoderPool({
    entry: PATHS.imageEncoder,
    size: 1,
    settings: { maxInputPixels: IMAGE_LIMITS.maxInputPixels, avifEffort: 9 },
    logger: createLogger('silent'),
    ...options,
  });
}

const job = (bytes: Buffer, ipxModifiers: Record<string, string>) => ({ sourceId: 'noise.png', bytes, ipxModifiers });

test('an encoder exits once its parent is gone (its IPC channel closed)', async () => {
  const encoder = fork(PATHS.imageEncoder, [JSON.stringify({ maxInputPixels: 1000, avifEffort: 2 })], { serialization: 'advanced' });
  await once(encoder, 'spawn');
  const exited = once(encoder, 'exit');
  encoder.disconnect();
  expect(await exited).toEqual([0, null]);
});

test('an encoder is used again for the next job and ends once idle for its time', async () => {
  const pool = poolOf({ idleMs: 300 });
  const first = await pool.encode(job(small, SMALL), new AbortController().signal, STOPPABLE);
  expect((await sharp(first).metadata()).width).toBe(40);
  const [encoder] = pool.pids;
  expect(encoder).toBeDefined();
  await pool.encode(job(small, SMALL), new AbortController().signal, STOPPABLE);
  expect(pool.pids).toEqual([encoder]);
  await waitFor('the idle encoder to exit', () => (isAlive(encoder ?? 0) ? undefined : true));
  expect(pool.pids).toEqual([]);
});

test('a job waiting for an encoder leaves the queue when its client leaves, and the next job gets a new encoder', async () => {
  const pool = poolOf();
  const running = new AbortController();
  const first = pool.encode(job(heavy, HEAVY), running.signal, STOPPABLE);
  await waitFor('the first job to run', () => pool.working[0]);
  const waiting = new AbortController();
  const second = pool.encode(job(small, SMALL), waiting.signal, STOPPABLE);
  waiting.abort();
  await expect(second).rejects.toBeInstanceOf(ClientLeft);
  expect(pool.working).toHaveLength(1);
  const [encoder] = pool.working;
  running.abort();
  await expect(first).rejects.toBeInstanceOf(ClientLeft);
  expect(pool.pids).toEqual([]);
  await waitFor('the killed encoder to be gone', () => (isAlive(encoder ?? 0) ? undefined : true));
  const next = await pool.encode(job(small, SMALL), new AbortController().signal, STOPPABLE);
  expect((await sharp(next).metadata()).format).toBe('jpeg');
  expect(pool.pids).not.toContain(encoder);
  await pool.close();
});

test('a job not worth a new encoder runs to its end when its client leaves, and its encoder stays', async () => {
  const pool = poolOf({ settings: { maxInputPixels: IMAGE_LIMITS.maxInputPixels, avifEffort: 0 } });
  const leaving = new AbortController();
  const result = pool.encode(job(heavy, { w: '1200', f: 'avif' }), leaving.signal, { stoppable: false });
  const encoder = await waitFor('the job to run', () => pool.working[0]);
  leaving.abort();
  expect((await sharp(await result).metadata()).width).toBe(1200);
  expect(pool.pids).toEqual([encoder]);
  await pool.close();
}, 60_000);

/** Each thread of a process: its name and niceness (Linux's /proc/<pid>/task/<tid>/stat). */
function threadsOf(pid: number): { name: string; niceness: number }[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    // The fields after the name, which is in parentheses and may hold spaces; niceness is the 19th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { name: readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim(), niceness: Number(fields[16]) };
  });
}

test("an encoder runs below the server's priority, the threads it encodes on too", async () => {
  const pool = poolOf();
  await pool.encode(job(small, { w: '60', f: 'avif' }), new AbortController().signal, STOPPABLE);
  const [encoder] = pool.pids;
  if (encoder === undefined) throw new Error('no encoder ran the job');
  // At least ENCODER_NICENESS; a test run already nicer than that cannot be made less nice.
  const niceness = getPriority(encoder);
  expect(niceness).toBeGreaterThanOrEqual(Math.max(ENCODER_NICENESS, getPriority()));
  const threads = threadsOf(encoder);
  // libvips' own threads (and the libuv pool that runs sharp's work) were started after the change.
  expect(threads.filter((thread) => /libvips|libuv/.test(thread.name)).length).toBeGreaterThan(0);
  expect(threads.filter((thread) => thread.niceness !== niceness)).toEqual([]);
  await pool.close();
});

test('a picture ipx refuses is its error, with its status, and the encoder stays for the next job', async () => {
  const pool = poolOf();
  const refused = pool.encode(job(Buffer.from('not an image'), SMALL), new AbortController().signal, STOPPABLE);
  await expect(refused).rejects.toMatchObject({ statusCode: 400 });
  const [encoder] = pool.pids;
  await pool.encode(job(small, SMALL), new AbortController().signal, STOPPABLE);
  expect(pool.pids).toEqual([encoder]);
  await pool.close();
});

test('an encoder that cannot start fails its job with a 500 and the pool is free again', async () => {
  const pool = poolOf({ entry: `${PATHS.imageEncoder}.missing.js` });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    await expect(pool.encode(job(small, SMALL), new AbortController().signal, STOPPABLE)).rejects.toMatchObject({ status: 500 });
    expect(pool.pids).toEqual([]);
  }
});

test('closing ends every encoder, working or idle, and refuses the jobs running or waiting with a 503', async () => {
  const pool = poolOf({ size: 2 });
  await pool.encode(job(small, SMALL), new AbortController().signal, STOPPABLE);
  const running = [
    pool.encode(job(heavy, HEAVY), new AbortController().signal, STOPPABLE),
    pool.encode(job(heavy, { ...HEAVY, w: '3000' }), new AbortController().signal, STOPPABLE),
  ];
  const waiting = pool.encode(job(small, SMALL), new AbortController().signal, STOPPABLE);
  await waitFor('both encoders to work', () => (pool.working.length === 2 ? true : undefined));
  const encoders = pool.pids;
  const outcomes = Promise.allSettled([...running, waiting]);
  await pool.close();
  expect(
    (await outcomes).map((outcome) => (outcome.status === 'rejected' ? (outcome.reason as { status?: unknown }).status : 200)),
  ).toEqual([503, 503, 503]);
  expect(encoders.filter(isAlive)).toEqual([]);
  await expect(pool.encode(job(small, SMALL), new AbortController().signal, STOPPABLE)).rejects.toMatchObject({ status: 503 });
});
