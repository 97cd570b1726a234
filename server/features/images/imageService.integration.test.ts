import { imageRefusals } from '../../platform/monitoring/metrics.ts';
import { once } from 'node:events';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { captureLogs } from '../../../tests/support/captureLogs.ts';
import { cpuSeconds, isAlive, noisePng } from '../../../tests/support/processes.ts';
import { waitFor } from '../../../tests/support/serverLog.ts';
import { createLogger } from '../../platform/logging/logger.ts';
import { ENCODE_FAILED_MESSAGE } from './encoderPool.ts';
import type { ImageFormat } from '../../../shared/ui/imageScreens.ts';
import { imageCost, outputPixels } from './imageCost.ts';
import { createVariantMaker, imageService, type ImageServiceOptions } from './imageService.ts';
import { REFUSAL_HOLD_MS } from '../../platform/http/refusalHold.ts';
import { IMAGE_LIMITS } from '../../platform/config/imageLimits.ts';
import { createImageProcessor } from './processImage.ts';
import { VariantMaker } from './variantMaker.ts';

let root: string;
let publicDir: string;
let upstream: Server;
let upstreamHost: string;
const upstreamHits: string[] = [];
const gates = new Map<string, () => void>();
let photo: Buffer;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'ipx-'));
  publicDir = path.join(root, 'public');
  await mkdir(path.join(publicDir, 'images'), { recursive: true });
  await mkdir(path.join(root, 'public123'));
  photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  await writeFile(path.join(publicDir, 'images', 'photo.png'), photo);
  await writeFile(path.join(publicDir, 'images', 'noisy.png'), await noise(200, 200));
  await writeFile(path.join(publicDir, 'images', 'wide-noise.png'), await noise(1600, 900));
  await writeFile(path.join(publicDir, 'images', 'huge-noise.png'), await noisePng(3072, 2048));
  await writeFile(path.join(root, 'public123', 'x.png'), photo);
  await writeFile(path.join(root, 'secret.png'), photo);
  await writeFile(path.join(publicDir, '.hidden.png'), photo);
  await writeFile(
    path.join(publicDir, 'images', 'logo.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
  );
  await writeFile(path.join(publicDir, 'images', 'fake.png'), 'not an image at all');
  await writeFile(
    path.join(publicDir, 'images', 'big.png'),
    await sharp({ create: { width: 1200, height: 1000, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  );
  await symlink(path.join(root, 'secret.png'), path.join(publicDir, 'images', 'link.png'));

  upstream = createServer((req, res) => {
    upstreamHits.push(req.url ?? '');
    const url = req.url ?? '';
    if (url.startsWith('/slow-')) {
      // Held until the test lets it go: an image that takes as long as the test wants.
      gates.set(url, () => res.writeHead(200, { 'Content-Type': 'image/png' }).end(photo));
      return;
    }
    if (req.url === '/photo.png') return res.writeHead(200, { 'Content-Type': 'image/png' }).end(photo);
    if (req.url === '/redirect.png') return res.writeHead(302, { Location: '/internal-only.png' }).end();
    if (req.url === '/internal-only.png') return res.writeHead(200, { 'Content-Type': 'image/png' }).end(photo);
    if (req.url === '/huge.png') {
      res.writeHead(200, { 'Content-Type': 'image/png' });
      return res.end(Buffer.alloc(300_000, 1));
    }
    res.writeHead(404).end();
  });
  upstream.listen(0, '127.0.0.1');
  await once(upstream, 'listening');
  upstreamHost = `127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});

afterAll(async () => {
  upstream?.close();
});

async function noise(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 7919) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

function appWith(overrides: Partial<ImageServiceOptions> = {}) {
  const app = express();
  app.use(
    '/_ipx',
    imageService({
      publicDir,
      domains: [upstreamHost],
      cacheDir: path.join(root, `cache-${Math.random().toString(36).slice(2)}`),
      logger: createLogger('silent'),
      // The processing itself is tested with any variant; the site's own policy has tests of its own.
      allowVariant: () => true,
      ...overrides,
    }),
  );
  return app;
}

/** A request whose path is sent byte for byte (supertest would normalise `..`). */
function rawGet(app: express.Express, rawPath: string): Promise<number> {
  return serving(
    app,
    (port) =>
      new Promise<number>((resolve, reject) => {
        httpRequest({ host: '127.0.0.1', port, path: rawPath }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
          .on('error', reject)
          .end();
      }),
  );
}

async function imageOf(response: request.Response) {
  return sharp(response.body as Buffer).metadata();
}

const binary = (req: request.Test) =>
  req.buffer(true).parse((res, callback) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => callback(null, Buffer.concat(chunks)));
  });

test('an image without a format modifier is served as webp, the default of §9', async () => {
  const response = await binary(request(appWith()).get('/_ipx/w_100/images/photo.png'));
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toBe('image/webp');
  expect((await imageOf(response)).format).toBe('webp');
});

test('the encoder processes encode AVIF at the bounded effort (processImage.test.ts), not the encoder default', async () => {
  const avif = await binary(request(appWith()).get('/_ipx/f_avif,w_60/images/noisy.png'));
  expect(avif.status).toBe(200);
  expect(avif.headers['content-type']).toBe('image/avif');
  // The same encode in this process gives the same bytes at the bounded effort, others at 4.
  const source = await readFile(path.join(publicDir, 'images', 'noisy.png'));
  const modifiers = { w: '60', f: 'avif' };
  expect(Buffer.compare(avif.body as Buffer, await createImageProcessor(IMAGE_LIMITS)('noisy.png', source, modifiers))).toBe(0);
  const atDefault = await createImageProcessor({ ...IMAGE_LIMITS, avifEffort: 4 })('noisy.png', source, modifiers);
  expect(Buffer.compare(avif.body as Buffer, atDefault)).not.toBe(0);
});

test('format auto picks avif, then webp, then jpeg from Accept and varies by it', async () => {
  const app = appWith();
  const avif = await binary(request(app).get('/_ipx/f_auto,w_50/images/photo.png').set('Accept', 'image/avif,image/webp,*/*'));
  expect(avif.headers['content-type']).toBe('image/avif');
  expect(avif.headers.vary).toBe('Accept');
  expect((await imageOf(avif)).format).toBe('heif');
  const webp = await binary(request(app).get('/_ipx/f_auto,w_50/images/photo.png').set('Accept', 'image/webp,*/*'));
  expect(webp.headers['content-type']).toBe('image/webp');
  const jpeg = await binary(request(app).get('/_ipx/f_auto,w_50/images/photo.png').set('Accept', '*/*'));
  expect(jpeg.headers['content-type']).toBe('image/jpeg');
});

test('explicit formats avif, jpeg (or jpg) and png are honoured', async () => {
  const app = appWith();
  for (const [modifier, type, format] of [
    ['f_avif', 'image/avif', 'heif'],
    ['f_jpeg', 'image/jpeg', 'jpeg'],
    ['f_jpg', 'image/jpeg', 'jpeg'],
    ['format_png', 'image/png', 'png'],
  ]) {
    const response = await binary(request(app).get(`/_ipx/${modifier}/images/photo.png`));
    expect(response.headers['content-type']).toBe(type);
    expect((await imageOf(response)).format).toBe(format);
  }
});

test('width, height and size resize keeping the ratio unless fit says otherwise', async () => {
  const app = appWith();
  expect(await imageOf(await binary(request(app).get('/_ipx/w_100/images/photo.png')))).toMatchObject({ width: 100, height: 75 });
  expect(await imageOf(await binary(request(app).get('/_ipx/h_60/images/photo.png')))).toMatchObject({ width: 80, height: 60 });
  expect(await imageOf(await binary(request(app).get('/_ipx/s_100x100/images/photo.png')))).toMatchObject({ width: 100, height: 100 });
  expect(await imageOf(await binary(request(app).get('/_ipx/w_100,h_100,fit_inside/images/photo.png')))).toMatchObject({
    width: 100,
    height: 75,
  });
  expect(await imageOf(await binary(request(app).get('/_ipx/size_100x100&fit_contain/images/photo.png')))).toMatchObject({
    width: 100,
    height: 100,
  });
});

test('an image is never enlarged beyond its own width', async () => {
  const response = await binary(request(appWith()).get('/_ipx/w_800/images/photo.png'));
  expect(await imageOf(response)).toMatchObject({ width: 400, height: 300 });
});

test('quality changes the encoding and blur is applied', async () => {
  const app = appWith();
  const low = await binary(request(app).get('/_ipx/q_10,f_jpeg/images/noisy.png'));
  const high = await binary(request(app).get('/_ipx/q_95,f_jpeg/images/noisy.png'));
  expect((low.body as Buffer).length).toBeLessThan((high.body as Buffer).length);
  const sharpImage = await binary(request(app).get('/_ipx/f_png/images/noisy.png'));
  const blurred = await binary(request(app).get('/_ipx/blur_5,f_png/images/noisy.png'));
  const spread = async (body: Buffer) => (await sharp(body).stats()).channels[0]?.stdev ?? 0;
  expect(await spread(blurred.body as Buffer)).toBeLessThan((await spread(sharpImage.body as Buffer)) / 2);
});

test('results are immutable with an ETag, revalidate with 304, and are kept on disk', async () => {
  const cacheDir = path.join(root, 'cache-etag');
  const app = appWith({ cacheDir });
  const first = await binary(request(app).get('/_ipx/w_120/images/photo.png'));
  expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(first.headers.etag).toMatch(/^"[0-9a-f]{40}"$/);
  const again = await request(app)
    .get('/_ipx/w_120/images/photo.png')
    .set('If-None-Match', first.headers.etag ?? '');
  expect(again.status).toBe(304);
  // The variant is written to disk beside its response, not before it.
  const onDisk = () =>
    existsSync(cacheDir) &&
    readdirSync(cacheDir, { recursive: true, encoding: 'utf8' }).some(
      (file) => file.endsWith(first.headers.etag?.slice(1, 41) ?? '?') || file.length > 40,
    );
  await until(onDisk);
  const fresh = appWith({ cacheDir, publicDir: path.join(root, 'nowhere') });
  // Served from the disk cache: the source directory of this instance does not even exist…
  const cached = await request(fresh).get('/_ipx/w_120/images/photo.png');
  // …but sources are still checked first, so a removed source is a 404, not a stale image.
  expect(cached.status).toBe(404);
});

test('remote images come only from IMAGE_DOMAINS hosts', async () => {
  const app = appWith();
  const allowed = await binary(request(app).get(`/_ipx/w_50/http://${upstreamHost}/photo.png`));
  expect(allowed.status).toBe(200);
  expect(await imageOf(allowed)).toMatchObject({ width: 50 });
  const other = await request(appWith({ domains: ['cdn.verf.test'] })).get(`/_ipx/w_50/http://${upstreamHost}/photo.png`);
  expect(other.status).toBe(403);
});

test('a redirect from an allowed host is refused and not followed', async () => {
  upstreamHits.length = 0;
  const response = await request(appWith()).get(`/_ipx/w_50/http://${upstreamHost}/redirect.png`);
  expect(response.status).toBe(403);
  expect(upstreamHits).toEqual(['/redirect.png']);
});

test('path traversal, sibling-prefix escape, encoded dots, backslashes and symlinks out of public/ are refused', async () => {
  const app = appWith();
  expect(await rawGet(app, '/_ipx/w_50/../secret.png')).toBe(400);
  expect(await rawGet(app, '/_ipx/w_50/images/../../secret.png')).toBe(400);
  expect(await rawGet(app, '/_ipx/w_50/../public123/x.png')).toBe(400);
  expect(await rawGet(app, '/_ipx/w_50/%2e%2e/public123/x.png')).toBe(400);
  expect(await rawGet(app, '/_ipx/w_50/%2E%2E%2Fsecret.png')).toBe(400);
  expect(await rawGet(app, '/_ipx/w_50/images%5C..%5C..%5Csecret.png')).toBe(400);
  expect(await rawGet(app, '/_ipx/w_50/images/photo.png%00.png')).toBe(400);
  expect(await rawGet(app, '/_ipx/w_50/images/link.png')).toBe(403);
  expect(await rawGet(app, '/_ipx/w_50/.hidden.png')).toBe(404);
});

test('protocol-relative //host, data:, file: and credentials in URLs are refused', async () => {
  const app = appWith();
  expect(await rawGet(app, `/_ipx/w_50//${upstreamHost}/photo.png`)).toBe(400);
  expect(await rawGet(app, `/_ipx/w_50///${upstreamHost}/photo.png`)).toBe(400);
  expect(await rawGet(app, `/_ipx/w_50/data:image/png;base64,${photo.toString('base64').slice(0, 200)}`)).toBe(400);
  expect(await rawGet(app, '/_ipx/w_50/file:///etc/passwd')).toBe(400);
  expect(await rawGet(app, `/_ipx/w_50/http://user:pass@${upstreamHost}/photo.png`)).toBe(400);
  expect(await rawGet(app, `/_ipx/w_50/ftp://${upstreamHost}/photo.png`)).toBe(400);
});

/** Asks `app` for photo.png made with each of `variants`' modifiers in turn; every answer must be `status` (a failure names the modifiers). */
async function expectStatusOfEach(app: express.Express, method: 'get' | 'head', status: number, variants: readonly string[]) {
  for (const modifiers of variants) {
    const response = await request(app)[method](`/_ipx/${modifiers}/images/photo.png`);
    expect({ modifiers, status: response.status }).toEqual({ modifiers, status });
  }
}

test('widths above the widest screen at density 2, bad values and unknown modifiers are refused', async () => {
  const app = appWith();
  await expectStatusOfEach(app, 'get', 400, [
    'w_3073',
    'w_0',
    'w_abc',
    'h_99999',
    's_4000x10',
    'q_0',
    'q_101',
    'fit_stretch',
    'f_gif',
    'f_svg',
    'blur_500',
    'rotate_90',
    'w_10,w_20',
    'enlarge_true',
    'w_10,s_10x10',
    'w-10',
  ]);
  expect((await request(app).get('/_ipx/w_3072/images/photo.png')).status).toBe(200);
});

test('SVG sources and files that are not images are refused', async () => {
  const app = appWith();
  expect((await request(app).get('/_ipx/w_50/images/logo.svg')).status).toBe(415);
  expect((await request(app).get('/_ipx/w_50/images/fake.png')).status).toBe(415);
});

test('sources over the pixel or byte limits are refused before they are decoded', async () => {
  expect((await request(appWith({ limits: { maxInputPixels: 1_000_000 } })).get('/_ipx/w_50/images/big.png')).status).toBe(413);
  expect((await request(appWith({ limits: { maxSourceBytes: 1000 } })).get('/_ipx/w_50/images/photo.png')).status).toBe(413);
  expect((await request(appWith({ limits: { maxSourceBytes: 100_000 } })).get(`/_ipx/w_50/http://${upstreamHost}/huge.png`)).status).toBe(
    413,
  );
});

test('a missing image is a 404 and errors are never cached', async () => {
  const response = await request(appWith()).get('/_ipx/w_50/images/missing.png');
  expect(response.status).toBe(404);
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers.etag).toBeUndefined();
  expect((await request(appWith()).get('/_ipx/w_50')).status).toBe(400);
});

const sitePolicy = { allowVariant: undefined } as const;

test("only the variants the site's pages ask for are served; any other is 400", async () => {
  const app = appWith(sitePolicy);
  await expectStatusOfEach(app, 'head', 200, [
    'w_320,f_webp',
    'w_640',
    'w_338,f_webp',
    'w_3072,f_avif',
    'w_10,h_10,fit_cover,q_50,f_webp',
    's_1200x630,fit_cover,f_jpeg',
  ]);
  await expectStatusOfEach(app, 'head', 400, [
    'w_641',
    'w_100',
    'w_640,q_80',
    'w_640,blur_5',
    'w_640,h_100',
    'w_640,fit_cover',
    'h_640',
    's_1199x630,fit_cover,f_jpeg',
    's_1200x630,fit_cover,f_webp',
    'w_10,h_10,fit_cover,q_51',
    '_',
  ]);
});

/** A GET over its own socket, answered or not; `abort` leaves like a closed tab. */
function openGet(port: number, rawPath: string) {
  const req = httpRequest({ host: '127.0.0.1', port, path: rawPath, agent: false });
  const answer = new Promise<{ status: number; headers: Record<string, unknown> }>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, headers: res.headers });
    });
    req.on('error', reject);
  });
  req.end();
  return { answer, abort: () => req.destroy() };
}

async function until(condition: () => boolean) {
  await waitFor('the condition', () => (condition() ? true : undefined));
}

/** The files of the disk cache once they are `count`: a variant is written after its answer is sent. */
async function filesOnceThere(dir: string, count: number): Promise<string[]> {
  await expect.poll(async () => (await filesIn(dir)).length, { timeout: 30_000 }).toBe(count);
  return filesIn(dir);
}

/** The address of the remote source `file` of the upstream, made with `modifiers`. */
const remote = (modifiers: string, file: string) => `/_ipx/${modifiers}/http://${upstreamHost}${file}`;

/** A GET of the held remote source `file` (a `/slow-…` one), returned once the upstream holds it. */
async function heldGet(port: number, modifiers: string, file: string) {
  const get = openGet(port, remote(modifiers, file));
  await until(() => gates.has(file));
  return get;
}

/** Lets the held source `file` answer. */
const release = (file: string) => gates.get(file)?.();

/** Lets `first` answer, then `next` once the room `first` left has let it be fetched. */
async function releaseInTurn(first: string, next: string) {
  release(first);
  await until(() => gates.has(next));
  release(next);
}

const statusesOf = (...gets: ReturnType<typeof openGet>[]) => Promise.all(gets.map(async ({ answer }) => (await answer).status));

/** Runs `body` against `app` listening on a free loopback port, closed afterwards whatever happens. */
async function serving<T>(app: express.Express, body: (port: number) => Promise<T>): Promise<T> {
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    return await body((server.address() as AddressInfo).port);
  } finally {
    server.close();
  }
}

const estimate = (width: number, format: ImageFormat) =>
  imageCost(
    outputPixels({ width }, undefined, {
      maxWidth: IMAGE_LIMITS.maxWidth,
      maxHeight: IMAGE_LIMITS.maxHeight,
      maxPixels: IMAGE_LIMITS.maxInputPixels,
    }),
    format,
  );

/** Room for one remote 640 px WebP not fetched yet (its cost is then an upper bound), queued or running. */
const ONE_REMOTE_WEBP = { costBudget: estimate(640, 'webp'), queuedCostBudget: estimate(640, 'webp') };

/** A variant maker of its own, whose budget a test can watch. */
const makerWith = (limits: ImageServiceOptions['limits']) =>
  createVariantMaker({ cacheDir: path.join(root, `cache-${Math.random().toString(36).slice(2)}`), limits, logger: createLogger('silent') });

test('past the queued cost the service answers 503 with Retry-After, counted in /metrics', async () => {
  const refusals = async () => (await imageRefusals.get()).values.find((value) => value.labels.status === '503')?.value ?? 0;
  const before = await refusals();
  const maker = makerWith(ONE_REMOTE_WEBP);
  await serving(appWith({ ...sitePolicy, maker }), async (port) => {
    const running = await heldGet(port, 'w_640', '/slow-q1.png');
    const queued = openGet(port, remote('w_640', '/slow-q2.png'));
    await until(() => maker.budget.queued > 0);
    const refused = await openGet(port, remote('w_640', '/slow-q3.png')).answer;
    expect(refused.status).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await refusals()).toBe(before + 1);
    await releaseInTurn('/slow-q1.png', '/slow-q2.png');
    expect(await statusesOf(running, queued)).toEqual([200, 200]);
    expect(upstreamHits).not.toContain('/slow-q3.png');
  });
});

test('a queued image is dropped when its client leaves', async () => {
  const maker = makerWith(ONE_REMOTE_WEBP);
  await serving(appWith({ ...sitePolicy, maker }), async (port) => {
    const running = await heldGet(port, 'w_640', '/slow-d1.png');
    const leaving = openGet(port, remote('w_640', '/slow-d2.png'));
    leaving.answer.catch(() => undefined);
    await until(() => maker.budget.queued > 0);
    leaving.abort();
    await until(() => maker.budget.queued === 0);
    // Its place in the queue is free again: the next image waits instead of being refused.
    const next = openGet(port, remote('w_640', '/slow-d3.png'));
    await releaseInTurn('/slow-d1.png', '/slow-d3.png');
    expect(await statusesOf(running, next)).toEqual([200, 200]);
    expect(upstreamHits).not.toContain('/slow-d2.png');
  });
});

test('a wide AVIF takes what many small JPEGs would: a second one waits while small ones go by', async () => {
  const limits = { costBudget: estimate(3072, 'avif'), queuedCostBudget: estimate(3072, 'avif') };
  await serving(appWith({ ...sitePolicy, limits }), async (port) => {
    const small = ['/slow-s1.png', '/slow-s2.png', '/slow-s3.png', '/slow-s4.png'];
    const gets = small.map((file) => openGet(port, remote('w_320,f_jpeg', file)));
    await until(() => small.every((file) => gates.has(file)));
    for (const file of small) release(file);
    expect(await statusesOf(...gets)).toEqual([200, 200, 200, 200]);

    const wide = await heldGet(port, 'w_3072,f_avif', '/slow-wide1.png');
    const secondWide = openGet(port, remote('w_3072,f_avif', '/slow-wide2.png'));
    const smallAfter = await heldGet(port, 'w_320,f_jpeg', '/slow-after.png');
    expect(gates.has('/slow-wide2.png')).toBe(false);
    release('/slow-after.png');
    expect((await smallAfter.answer).status).toBe(200);
    // Fetched, the first one's cost is settled to what its 400 px source really gives: room again.
    await releaseInTurn('/slow-wide1.png', '/slow-wide2.png');
    expect(await statusesOf(wide, secondWide)).toEqual([200, 200]);
  });
});

async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

test('a client that leaves while its source loads frees its slot at once and leaves no file in the disk cache', async () => {
  const cacheDir = path.join(root, 'cache-leave-load');
  const maker = createVariantMaker({ cacheDir, limits: ONE_REMOTE_WEBP, logger: createLogger('silent') });
  await serving(appWith({ ...sitePolicy, cacheDir, maker }), async (port) => {
    const leaving = await heldGet(port, 'w_640', '/slow-l1.png');
    leaving.answer.catch(() => undefined);
    expect(maker.budget.running).toBe(1);
    leaving.abort();
    await until(() => maker.budget.running === 0);
    // The slot is free while the abandoned source has still not answered.
    const next = await heldGet(port, 'w_640', '/slow-l2.png');
    release('/slow-l1.png');
    release('/slow-l2.png');
    const answer = await next.answer;
    expect(answer.status).toBe(200);
    await until(() => maker.budget.running === 0);
    const files = await filesOnceThere(cacheDir, 1);
    expect(files[0]?.startsWith(String(answer.headers.etag).slice(1, 41))).toBe(true);
  });
});

/** A service whose AVIF encodes take minutes (effort 9 on noise), its log kept. */
function slowAvifService(cacheDir: string) {
  const { logs, stream } = captureLogs();
  const logger = createLogger('debug', stream);
  const maker = createVariantMaker({ cacheDir, limits: { avifEffort: 9 }, logger });
  return { logs, maker, app: appWith({ cacheDir, maker, logger }) };
}

const HEAVY_AVIF = '/_ipx/w_3072,f_avif/images/huge-noise.png';

test('a client that leaves during the encode: its encoder is killed, its cost freed at once, nothing written, and the next image made', async () => {
  const cacheDir = path.join(root, 'cache-leave-encode');
  const { logs, maker, app } = slowAvifService(cacheDir);
  await serving(app, async (port) => {
    const leaving = openGet(port, HEAVY_AVIF);
    leaving.answer.catch(() => undefined);
    const encoder = await waitFor('the encode to run', () => maker.encoders.working[0]);
    // Two seconds of CPU: past the encoder's start and the decode, inside libheif's encode.
    await waitFor('the encoder to be encoding', () => (cpuSeconds(encoder) > 2 ? true : undefined), 60_000);
    leaving.abort();
    await waitFor('the encoder to be gone', () => (maker.budget.running === 0 && !isAlive(encoder) ? true : undefined));
    expect(maker.encoders.pids).not.toContain(encoder);
    const next = await openGet(port, '/_ipx/w_320,f_jpeg/images/photo.png').answer;
    expect(next.status).toBe(200);
    expect(maker.budget.running).toBe(0);
    // The next image is written to disk after its answer; the abandoned one never is.
    const files = await filesOnceThere(cacheDir, 1);
    expect(files[0]?.startsWith(String(next.headers.etag).slice(1, 41))).toBe(true);
    // Somebody leaving is no incident: a debug line, nothing at warn or above.
    expect(logs.lines.filter((line) => line.msg === 'image encode stopped: its clients left')).toEqual([
      expect.objectContaining({ level: 20, encoderPid: encoder }),
    ]);
    expect(logs.lines.filter((line) => Number(line.level) >= 40)).toEqual([]);
  }).finally(() => maker.close());
}, 90_000);

test('an encoder that dies fails its own job with a 500, logged; the other jobs and the next ones are served', async () => {
  const cacheDir = path.join(root, 'cache-encoder-dies');
  const { logs, maker, app } = slowAvifService(cacheDir);
  await serving(app, async (port) => {
    const heavy = openGet(port, HEAVY_AVIF);
    const encoder = await waitFor('the encode to run', () => maker.encoders.working[0]);
    const beside = openGet(port, '/_ipx/w_320,f_jpeg/images/photo.png');
    // As the kernel's out-of-memory killer would.
    process.kill(encoder, 'SIGKILL');
    expect((await heavy.answer).status).toBe(500);
    expect((await beside.answer).status).toBe(200);
    expect((await openGet(port, '/_ipx/w_200,f_jpeg/images/photo.png').answer).status).toBe(200);
    expect(maker.budget.running).toBe(0);
    expect(logs.lines.filter((line) => Number(line.level) >= 40)).toEqual([
      expect.objectContaining({ level: 50, msg: 'image encoder exited during a job', encoderPid: encoder, signal: 'SIGKILL' }),
    ]);
  }).finally(() => maker.close());
}, 90_000);

test('without an encoder every job is a 500 and frees its cost; the service goes on answering', async () => {
  const cacheDir = path.join(root, 'cache-no-encoder');
  const maker = new VariantMaker({ ...IMAGE_LIMITS }, cacheDir, {
    logger: createLogger('silent'),
    encoderEntry: path.join(root, 'missing.js'),
  });
  const app = appWith({ cacheDir, maker });
  for (const width of [100, 120]) {
    const response = await request(app).get(`/_ipx/w_${width}/images/photo.png`);
    expect(response.status).toBe(500);
    expect(response.text).toBe(ENCODE_FAILED_MESSAGE);
    expect(maker.budget.running).toBe(0);
  }
  expect(await filesIn(cacheDir)).toEqual([]);
});

test("widths beyond a file's own share one cached variant: a flood of them is one job", async () => {
  const cacheDir = path.join(root, 'cache-wide');
  const app = appWith({ ...sitePolicy, cacheDir });
  const etags = new Set<string>();
  for (const width of [640, 768, 1024, 2048, 3072]) {
    const response = await binary(request(app).get(`/_ipx/w_${width},f_avif/images/photo.png`));
    expect(response.status).toBe(200);
    expect(await imageOf(response)).toMatchObject({ width: 400 });
    etags.add(String(response.headers.etag));
  }
  expect(etags.size).toBe(1);
  expect(await filesOnceThere(cacheDir, 1)).toHaveLength(1);
});

test('one address may have only so many cost units computed per minute; cached images stay served', async () => {
  // One 640 px AVIF of the 1200×1000 picture and a little more.
  const allowance = imageCost(640 * 533, 'avif') + 0.1;
  const app = appWith({ ...sitePolicy, limits: { perIpCostPerMinute: allowance } });
  expect((await request(app).get('/_ipx/w_640,f_avif/images/big.png')).status).toBe(200);
  const refusedAt = performance.now();
  const limited = await request(app).get('/_ipx/w_320,f_webp/images/big.png');
  expect(limited.status).toBe(429);
  // Held before it goes out: a client flooding over a few connections asks a few times a second.
  expect(performance.now() - refusedAt).toBeGreaterThanOrEqual(REFUSAL_HOLD_MS - 20);
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  expect(limited.headers['cache-control']).toBe('no-store');
  expect((await request(app).get('/_ipx/w_640,f_avif/images/big.png')).status).toBe(200);
  // The same allowance covers five small JPEGs: it counts what they cost, not how many they are.
  const other = appWith({ ...sitePolicy, limits: { perIpCostPerMinute: allowance } });
  for (const width of [320, 338, 640, 768, 1024]) {
    expect((await request(other).get(`/_ipx/w_${width},f_jpeg/images/big.png`)).status).toBe(200);
  }
});
